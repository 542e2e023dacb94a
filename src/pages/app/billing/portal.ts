import type { APIRoute } from "astro";
import { Billing } from "../../../../infra/billing/Billing";
import { MANAGE_BILLING } from "../../../features/billing/billing-schemas";
import { guard } from "../../../lib/auth-guard";
import { runForPage } from "../../../lib/http";
import { setFlash } from "../../../lib/session-cookie";

/** Settings > Billing's "Manage billing" without JavaScript: to the Stripe customer portal, or back with the reason. */
export const POST: APIRoute = async (context) => {
  const back = (message: string) => {
    setFlash(context.cookies, { title: "Error", description: message, variant: "destructive" });
    return context.redirect("/app/settings?tab=billing", 303);
  };
  const signedIn = guard(context.locals, context.request, MANAGE_BILLING);
  if (!signedIn.ok) return back(((await signedIn.response.json()) as { error: { message: string } }).error.message);
  const result = await runForPage(Billing.use((billing) => billing.portal(signedIn.caller)));
  return result.ok ? context.redirect(result.value.url, 303) : back(result.message);
};
