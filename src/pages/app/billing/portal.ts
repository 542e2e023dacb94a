import type { APIRoute } from "astro";
import { submitToOperation } from "../../../lib/api/page-form";
import { setFlash } from "../../../lib/session-cookie";

/**
 * Settings > Billing's "Manage billing" without JavaScript: runs the declared POST
 * /api/billing/portal (src/lib/api/page-form.ts) and goes on to the Stripe customer portal, or back
 * to the tab with the refusal's sentence.
 */
export const POST: APIRoute = async (context) => {
  const outcome = await submitToOperation(context, "POST", "/api/billing/portal", {});
  if (outcome.ok) return context.redirect(outcome.data.url, 303);
  setFlash(context.cookies, { title: "Error", description: outcome.detail, variant: "destructive" });
  return context.redirect("/app/settings?tab=billing", 303);
};
