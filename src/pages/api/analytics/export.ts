import type { APIRoute } from "astro";
import { analyticsExportQuery, READ_ANALYTICS } from "../../../features/analytics/analytics-schemas";
import { analyticsExportFile } from "../../../features/analytics/export.server";
import { guard } from "../../../lib/auth-guard";
import { download, parseQuery, respond } from "../../../lib/http";

/**
 * GET /api/analytics/export?format=csv|pdf&period=7d|30d|90d|365d: the Analytics screen's figures for
 * the period as a download, one row per platform and local day (the caller's time zone), as CSV, or
 * as a PDF with the totals and the chart too.
 */
export const GET: APIRoute = ({ request, url, locals }) => {
  const signedIn = guard(locals, request, READ_ANALYTICS);
  if (!signedIn.ok) return signedIn.response;
  const query = parseQuery(url, analyticsExportQuery);
  if (!query.ok) return query.response;
  const { format, period } = query.data;
  return respond(analyticsExportFile(signedIn.user.workspaceId, period, format, signedIn.user.timeZone || "UTC", new Date()), download);
};
