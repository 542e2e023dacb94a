import type { APIContext, APIRoute } from "astro";
import { BILLING_NOT_CONFIGURED, TRIAL_FAILED } from "../../../domain/billing";
import { stripeClient } from "../../../infra/billing/stripe";
import { readForm } from "../../features/auth/forms";
import { submitToOperation } from "../../lib/api/page-form";
import { setFlash } from "../../lib/session-cookie";

/**
 * The pricing pages' plan buttons without JavaScript: POST {planId, interval} from the in-app
 * Pricing & Plans, or GET ?plan=&interval= after registering with `?plan=`. Runs the declared
 * POST /api/start-trial (src/lib/api/page-form.ts) and sends the browser on to Stripe Checkout; a
 * refusal comes back to Pricing & Plans with the toast saying so. A page's endpoint, not an
 * operation of its own: it is the browser's way to another site, with a toast on the way back.
 */
const checkout = async (context: APIContext, values: { planId?: string | null; interval?: string | null }) => {
  const back = (title: string, description?: string) => {
    setFlash(context.cookies, { title, description, variant: "destructive" });
    return context.redirect("/app/pricing", 303);
  };
  if (!stripeClient()) return back(BILLING_NOT_CONFIGURED);
  const payload = { planId: values.planId ?? undefined, interval: values.interval || undefined };
  const outcome = await submitToOperation(context, "POST", "/api/start-trial", { payload: payload as never });
  return outcome.ok ? context.redirect(outcome.data.redirectUrl, 303) : back(TRIAL_FAILED, outcome.detail);
};

export const GET: APIRoute = (context) =>
  checkout(context, { planId: context.url.searchParams.get("plan"), interval: context.url.searchParams.get("interval") });

export const POST: APIRoute = async (context) => {
  const form = await readForm(context.request);
  if (!form.ok) return form.response;
  return checkout(context, { planId: form.values.planId, interval: form.values.interval });
};
