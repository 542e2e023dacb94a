import type { APIRoute } from "astro";
import { locationPerformance } from "../../../../../infra/reviews/performance";
import { performanceSchema, READ_REVIEWS } from "../../../../features/reviews/review-schemas";
import { guard } from "../../../../lib/auth-guard";
import { isUuid, json, notFound, parseQuery, respond } from "../../../../lib/http";

/**
 * GET /api/business-locations/{id}/performance?days=7..90: the location's views, searches, calls,
 * direction requests and website clicks per day, and their totals, from the Business Profile
 * Performance API (read when asked; Google keeps the figures).
 */
export const GET: APIRoute = ({ params, request, url, locals }) => {
  const signedIn = guard(locals, request, READ_REVIEWS);
  if (!signedIn.ok) return signedIn.response;
  if (!isUuid(params.id)) return notFound();
  const query = parseQuery(url, performanceSchema);
  if (!query.ok) return query.response;
  return respond(locationPerformance(signedIn.user.workspaceId, params.id!, query.data.days, new Date()), (performance) => json(performance));
};
