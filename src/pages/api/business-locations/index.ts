import type { APIRoute } from "astro";
import { Reviews } from "../../../../infra/reviews/Reviews";
import { READ_REVIEWS } from "../../../features/reviews/review-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, respond } from "../../../lib/http";

/** GET /api/business-locations: the Business Profile locations (spec §3: id, name, address, isVerified, rating, totalReviews, categories). */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request, READ_REVIEWS);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Reviews.use((reviews) => reviews.locations(signedIn.user.workspaceId)),
    (locations) => json(locations),
  );
};
