import type { APIRoute } from "astro";
import { dashboardStats } from "../../../../infra/publishing/stats";
import { requireUser } from "../../../lib/auth-guard";
import { json, respond } from "../../../lib/http";

/** GET /api/dashboard/stats: postsThisMonth, totalEngagement, scheduledPosts, connectedAccounts (+ comparisons). */
export const GET: APIRoute = ({ locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  return respond(dashboardStats(caller.user.workspaceId, new Date()), (stats) => json(stats));
};
