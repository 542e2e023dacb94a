import type { APIRoute } from "astro";
import { Reviews } from "../../../../infra/reviews/Reviews";
import { ANSWER_REVIEWS, enterReviewSchema, READ_REVIEWS, reviewFilterSchema } from "../../../features/reviews/review-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseJsonBody, parseQuery, respond } from "../../../lib/http";

/**
 * GET /api/reviews[?locationId=][&platform=][&status=pending|responded|flagged|unread|read|replied]
 * [&rating=1..5][&q=][&cursor=]: the workspace's reviews, newest first, 50 at a time (spec engagement
 * §3's fields of all three screens); the next page's cursor in the `x-next-cursor` header.
 * POST {accountId, reviewerName, rating, content, reviewDate?, url?}: a review typed by hand, 201.
 * Plans with review management.
 */
export const GET: APIRoute = ({ request, url, locals }) => {
  const signedIn = guard(locals, request, READ_REVIEWS);
  if (!signedIn.ok) return signedIn.response;
  const filter = parseQuery(url, reviewFilterSchema);
  if (!filter.ok) return filter.response;
  const { cursor, ...rest } = filter.data;
  return respond(
    Reviews.use((reviews) => reviews.list(signedIn.user.workspaceId, { ...rest, before: cursor })),
    (page) => json(page.reviews, { headers: page.next ? { "x-next-cursor": page.next } : {} }),
  );
};

export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, ANSWER_REVIEWS);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, enterReviewSchema);
  if (!input.ok) return input.response;
  return respond(
    Reviews.use((reviews) => reviews.enter(signedIn.caller, input.data)),
    (review) => json(review, 201),
  );
};
