import type { APIRoute } from "astro";
import { ANALYTICS_PERIODS } from "../../features/analytics/analytics-data";
import { analyticsReport } from "../../features/analytics/report.server";
import { guard } from "../../lib/auth-guard";
import { apiError, json, respond } from "../../lib/http";

/** GET /api/analytics?period=7d|30d|90d|1y: the Analytics screen's figures (buckets, totals with estimates, platforms, top posts). */
export const GET: APIRoute = ({ request, url, locals }) => {
  const signedIn = guard(locals, request, { permission: "view_analytics" });
  if (!signedIn.ok) return signedIn.response;
  const period = url.searchParams.get("period");
  if (period !== null && !ANALYTICS_PERIODS.some((p) => p.id === period)) {
    return apiError(400, "invalid_input", `Choose a period: ${ANALYTICS_PERIODS.map((p) => p.id).join(", ")}.`);
  }
  return respond(analyticsReport(signedIn.user.workspaceId, period, signedIn.user.timeZone || "UTC", new Date()), (report) => json(report));
};
