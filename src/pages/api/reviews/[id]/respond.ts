import type { APIRoute } from "astro";
import { respondToReview } from "../../../../../infra/reviews/respond";
import { ANSWER_REVIEWS, respondSchema } from "../../../../features/reviews/review-schemas";
import { guard } from "../../../../lib/auth-guard";
import { isUuid, json, notFound, parseJsonBody, respond } from "../../../../lib/http";

/**
 * POST /api/reviews/{id}/respond {responseText} or {response} (spec §7): posted to the site where it
 * has an API (Google's updateReply, Yelp with partner access), else recorded as answered by hand.
 * Again on a responded review, it changes the response. Answers the review; 502 when the site refused.
 */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const signedIn = guard(locals, request, ANSWER_REVIEWS);
  if (!signedIn.ok) return signedIn.response;
  if (!isUuid(params.id)) return notFound();
  const input = await parseJsonBody(request, respondSchema);
  if (!input.ok) return input.response;
  return respond(respondToReview(signedIn.caller, params.id!, input.data), (review) => json(review));
};
