import type { APIRoute } from "astro";
import { receiveStripeWebhook } from "../../../../infra/billing/webhook";
import { json, readBody, respond } from "../../../lib/http";

/**
 * A Stripe event is one object (lists in it hold at most 10 items, metadata at most 50 keys of 500
 * characters): tens of kilobytes. More is refused as it arrives.
 */
const MAX_BODY_BYTES = 256_000;

/**
 * POST /api/webhooks/stripe: Stripe's events, signed (Stripe-Signature, checked on the raw body by
 * the SDK; missing or wrong: 400 and nothing changes). Each event id is processed once. Answers
 * {received: true, duplicate}.
 */
export const POST: APIRoute = async ({ request }) => {
  const body = await readBody(request, MAX_BODY_BYTES);
  if (!body.ok) return body.response;
  return respond(receiveStripeWebhook(body.bytes, request.headers.get("stripe-signature"), new Date()), (result) =>
    json({ received: true, duplicate: !result.processed }),
  );
};
