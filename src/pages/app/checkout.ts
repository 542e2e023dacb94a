import type { APIContext, APIRoute } from "astro";
import { BILLING_NOT_CONFIGURED, TRIAL_FAILED } from "../../../domain/billing";
import { Billing } from "../../../infra/billing/Billing";
import { stripeClient } from "../../../infra/billing/stripe";
import { readForm } from "../../features/auth/forms";
import { MANAGE_BILLING, startTrialSchema } from "../../features/billing/billing-schemas";
import { guard } from "../../lib/auth-guard";
import { runForPage } from "../../lib/http";
import { setFlash } from "../../lib/session-cookie";

/**
 * The pricing pages' plan buttons without JavaScript: POST {planId, interval} from the in-app
 * Pricing & Plans, or GET ?plan=&interval= after registering with `?plan=`. Sends the browser to
 * Stripe Checkout; a failure comes back to Pricing & Plans with the toast saying so.
 */
const checkout = async (context: APIContext, values: { planId?: string | null; interval?: string | null }) => {
  const back = (title: string, description?: string) => {
    setFlash(context.cookies, { title, description, variant: "destructive" });
    return context.redirect("/app/pricing", 303);
  };
  if (!stripeClient()) return back(BILLING_NOT_CONFIGURED);
  const signedIn = guard(context.locals, context.request, MANAGE_BILLING);
  if (!signedIn.ok) return back(TRIAL_FAILED, ((await signedIn.response.json()) as { error: { message: string } }).error.message);
  const input = startTrialSchema.safeParse({ planId: values.planId ?? undefined, interval: values.interval || undefined });
  if (!input.success) return back(TRIAL_FAILED, input.error.issues[0]?.message);
  const { user } = signedIn;
  const result = await runForPage(
    Billing.use((billing) => billing.startTrial(signedIn.caller, { email: user.email, name: `${user.firstName} ${user.lastName}`.trim() }, input.data)),
  );
  return result.ok ? context.redirect(result.value.redirectUrl, 303) : back(TRIAL_FAILED, result.message);
};

export const GET: APIRoute = (context) =>
  checkout(context, { planId: context.url.searchParams.get("plan"), interval: context.url.searchParams.get("interval") });

export const POST: APIRoute = async (context) => {
  const form = await readForm(context.request);
  if (!form.ok) return form.response;
  return checkout(context, { planId: form.values.planId, interval: form.values.interval });
};
