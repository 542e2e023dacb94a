import type { APIRoute } from "astro";
import { Billing } from "../../../infra/billing/Billing";
import { MANAGE_BILLING, startTrialSchema } from "../../features/billing/billing-schemas";
import { guard } from "../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../lib/http";

/**
 * POST /api/start-trial {planId, interval?}: {redirectUrl}, Stripe Checkout for the plan's price with
 * the free trial and a card required (a workspace already subscribed gets the customer portal).
 * Without Stripe keys: 503 "Billing isn't configured on this server".
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, MANAGE_BILLING);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, startTrialSchema);
  if (!input.ok) return input.response;
  const { user } = signedIn;
  return respond(
    Billing.use((billing) => billing.startTrial(signedIn.caller, { email: user.email, name: `${user.firstName} ${user.lastName}`.trim() }, input.data)),
    (started) => json(started),
  );
};
