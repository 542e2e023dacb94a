import type { APIRoute } from "astro";
import { Reviews } from "../../../../infra/reviews/Reviews";
import { ANSWER_REVIEWS, importReviewsSchema } from "../../../features/reviews/review-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../../lib/http";

/**
 * POST /api/reviews/import {accountId, csv}: reviews of a site with no API from a CSV file (header
 * reviewer_name, rating, content, review_date, url). Answers {imported, duplicates, errors: [{line,
 * message}]}: good rows are kept, each bad one says why; a file that cannot be read is a 400.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, ANSWER_REVIEWS);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, importReviewsSchema);
  if (!input.ok) return input.response;
  return respond(
    Reviews.use((reviews) => reviews.importCsv(signedIn.caller, input.data.accountId, input.data.csv)),
    (outcome) => json(outcome),
  );
};
