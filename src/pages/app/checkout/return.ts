import type { APIRoute } from "astro";
import { checkoutReturnMessage } from "../../../../domain/billing";
import { submitToOperation } from "../../../lib/api/page-form";
import { setFlash } from "../../../lib/session-cookie";

/**
 * GET /app/checkout/return?session_id=…: back from Stripe Checkout (a signed-out visitor is sent to
 * sign in by the middleware, as on every /app page). The declared operation applies the session's
 * subscription at once, then Settings > Billing with "Trial Started!" (or, without a trial,
 * "Subscription Started"). Stripe's webhook applies it anyway: a failure here is not the person's problem.
 */
export const GET: APIRoute = async (context) => {
  const sessionId = context.url.searchParams.get("session_id");
  const applied = sessionId ? await submitToOperation(context, "POST", "/api/billing/checkout/complete", { payload: { sessionId } }).catch(() => null) : null;
  setFlash(context.cookies, checkoutReturnMessage(applied?.ok ? applied.data.status : null));
  return context.redirect("/app/settings?tab=billing", 303);
};
