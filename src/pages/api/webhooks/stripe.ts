import type { APIRoute } from "astro";
import { receiveStripeWebhook } from "../../../../infra/billing/webhook";
import { apiError, json, respond } from "../../../lib/http";

/** Stripe's events are small; more is refused before it is read. */
const MAX_BODY_BYTES = 1_000_000;

/**
 * POST /api/webhooks/stripe: Stripe's events, signed (Stripe-Signature, checked on the raw body by
 * the SDK; missing or wrong: 400 and nothing changes). Each event id is processed once. Answers
 * {received: true, duplicate}.
 */
export const POST: APIRoute = async ({ request }) => {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) return apiError(413, "too_large", "The delivery is too large.");
  const raw = new Uint8Array(await request.arrayBuffer());
  if (raw.byteLength > MAX_BODY_BYTES) return apiError(413, "too_large", "The delivery is too large.");
  return respond(receiveStripeWebhook(raw, request.headers.get("stripe-signature"), new Date()), (result) =>
    json({ received: true, duplicate: !result.processed }),
  );
};
