import type { APIRoute } from "astro";
import { Billing } from "../../../../infra/billing/Billing";
import { MANAGE_BILLING } from "../../../features/billing/billing-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, respond } from "../../../lib/http";

/** POST /api/billing/portal: {url} of a Stripe customer portal session (card, plan, cancellation). */
export const POST: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request, MANAGE_BILLING);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Billing.use((billing) => billing.portal(signedIn.caller)),
    (portal) => json(portal),
  );
};
