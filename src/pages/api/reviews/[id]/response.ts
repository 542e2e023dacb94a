import type { APIRoute } from "astro";
import { deleteReviewResponse } from "../../../../../infra/reviews/respond";
import { ANSWER_REVIEWS } from "../../../../features/reviews/review-schemas";
import { guard } from "../../../../lib/auth-guard";
import { isUuid, json, notFound, respond } from "../../../../lib/http";

/** DELETE /api/reviews/{id}/response: the response removed (on Google through deleteReply); answers the review. */
export const DELETE: APIRoute = ({ params, request, locals }) => {
  const signedIn = guard(locals, request, ANSWER_REVIEWS);
  if (!signedIn.ok) return signedIn.response;
  if (!isUuid(params.id)) return notFound();
  return respond(deleteReviewResponse(signedIn.caller, params.id!), (review) => json(review));
};
