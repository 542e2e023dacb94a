import { timingSafeEqual } from "node:crypto";
import type { APIRoute } from "astro";
import { Effect } from "effect";
import { addJob } from "../../../../infra/jobs/add-job";
import { pollAccountNow } from "../../../../infra/reviews/poll";
import { apiError, readBody, respond } from "../../../lib/http";

/** A Pub/Sub push of a Business Profile notification: its names and a review's, well under a kilobyte. */
const MAX_BODY_BYTES = 64_000;
const TYPES = new Set(["NEW_REVIEW", "UPDATED_REVIEW"]);

const sameToken = (given: string | null, expected: string) =>
  given !== null && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * POST /api/webhooks/google-business?token=…: Business Profile notifications pushed by Cloud
 * Pub/Sub (`{message: {data: base64 of {type, location, review}}}`). The push subscription's URL
 * carries GOOGLE_PUBSUB_VERIFICATION_TOKEN; a NEW_REVIEW or UPDATED_REVIEW makes the location's
 * account due, and the poll_reviews job reads it at once (reviews are kept once whatever comes twice).
 * Other notification types are acknowledged and ignored. Answers 204.
 */
export const POST: APIRoute = async ({ request, url }) => {
  const expected = process.env.GOOGLE_PUBSUB_VERIFICATION_TOKEN;
  if (!expected) return apiError(503, "not_configured", "Business Profile notifications aren't configured on this server (GOOGLE_PUBSUB_VERIFICATION_TOKEN).");
  if (!sameToken(url.searchParams.get("token"), expected)) return apiError(403, "forbidden", "The verification token does not match.");
  const body = await readBody(request, MAX_BODY_BYTES);
  if (!body.ok) return body.response;
  const text = new TextDecoder().decode(body.bytes);
  let notification: { type?: unknown; location?: unknown };
  try {
    const envelope = JSON.parse(text) as { message?: { data?: unknown } };
    notification = JSON.parse(Buffer.from(String(envelope.message?.data ?? ""), "base64").toString("utf8"));
  } catch {
    return apiError(400, "invalid_json", "The notification is not a Pub/Sub message with JSON data.");
  }
  if (!TYPES.has(String(notification.type)) || typeof notification.location !== "string") return new Response(null, { status: 204 });
  return respond(
    Effect.andThen(pollAccountNow(notification.location), addJob("poll_reviews", {}, { jobKey: "poll_reviews-now" })),
    () => new Response(null, { status: 204 }),
  );
};
