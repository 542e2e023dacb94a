import type { APIRoute } from "astro";
import { dashboardStats } from "../../../../infra/publishing/stats";
import { guard } from "../../../lib/auth-guard";
import { json, respond } from "../../../lib/http";

/** GET /api/dashboard/stats: postsThisMonth, totalEngagement, scheduledPosts, connectedAccounts (+ comparisons). */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  return respond(dashboardStats(signedIn.user.workspaceId, new Date(), signedIn.user.timeZone || "UTC"), (stats) => json(stats));
};
