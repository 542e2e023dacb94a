import type { APIRoute } from "astro";
import { analyticsQuery, READ_ANALYTICS } from "../../../features/analytics/analytics-schemas";
import { analyticsReport } from "../../../features/analytics/report.server";
import { guard } from "../../../lib/auth-guard";
import { json, parseQuery, respond } from "../../../lib/http";

/** GET /api/analytics?period=7d|30d|90d|365d: the Analytics screen's figures (buckets, totals with estimates, platforms, top posts). */
export const GET: APIRoute = ({ request, url, locals }) => {
  const signedIn = guard(locals, request, READ_ANALYTICS);
  if (!signedIn.ok) return signedIn.response;
  const query = parseQuery(url, analyticsQuery);
  if (!query.ok) return query.response;
  return respond(analyticsReport(signedIn.user.workspaceId, query.data.period, signedIn.user.timeZone || "UTC", new Date()), (report) => json(report));
};
