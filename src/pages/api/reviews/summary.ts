import type { APIRoute } from "astro";
import { Reviews } from "../../../../infra/reviews/Reviews";
import { READ_REVIEWS, tilesFilterSchema } from "../../../features/reviews/review-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseQuery, respond } from "../../../lib/http";

/** GET /api/reviews/summary[?locationId=][&platform=]: the four tiles (total, pending, averageRating to one decimal, responseRate %). */
export const GET: APIRoute = ({ request, url, locals }) => {
  const signedIn = guard(locals, request, READ_REVIEWS);
  if (!signedIn.ok) return signedIn.response;
  const filter = parseQuery(url, tilesFilterSchema);
  if (!filter.ok) return filter.response;
  return respond(
    Reviews.use((reviews) => reviews.tiles(signedIn.user.workspaceId, filter.data)),
    (tiles) => json(tiles),
  );
};
