import type { APIRoute } from "astro";
import { analyticsReport } from "../../features/analytics/report";
import { requireUser } from "../../lib/auth-guard";
import { json, respond } from "../../lib/http";

/** GET /api/analytics?period=7d|30d|90d|1y: the Analytics screen's figures (buckets, totals with estimates, platforms, top posts). */
export const GET: APIRoute = ({ url, locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  return respond(analyticsReport(caller.user.workspaceId, url.searchParams.get("period"), caller.user.timeZone || "UTC", new Date()), (report) => json(report));
};
