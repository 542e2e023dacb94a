import type { APIRoute } from "astro";
import { checkoutReturnMessage } from "../../../../domain/billing";
import { completeCheckout } from "../../../../infra/billing/webhook";
import { guard } from "../../../lib/auth-guard";
import { runForPage } from "../../../lib/http";
import { setFlash } from "../../../lib/session-cookie";

/**
 * GET /app/checkout/return?session_id=…: back from Stripe Checkout. The session's subscription is
 * applied at once (its webhook changes nothing after), then Settings > Billing with "Trial Started!"
 * (or, without a trial, "Subscription Started").
 */
export const GET: APIRoute = async (context) => {
  const signedIn = guard(context.locals, context.request);
  if (!signedIn.ok) return context.redirect("/login", 303);
  const sessionId = context.url.searchParams.get("session_id");
  // Stripe's webhook applies it anyway: a failure to read it here is not the person's problem.
  const applied = sessionId ? await runForPage(completeCheckout(signedIn.caller, sessionId)).catch(() => null) : null;
  setFlash(context.cookies, checkoutReturnMessage(applied?.ok ? (applied.value?.status ?? null) : null));
  return context.redirect("/app/settings?tab=billing", 303);
};
