import type { APIRoute } from "astro";
import { LinkInBio } from "../../../../infra/link-in-bio/LinkInBio";
import { bioAnalyticsQuery, READ_BIO } from "../../../features/link-in-bio/link-in-bio-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseQuery, respond } from "../../../lib/http";

/** GET /api/link-in-bio/analytics?period=7d|30d|90d: totalClicks, uniqueVisitors, topLinks and clicks per day (UTC days). */
export const GET: APIRoute = ({ request, url, locals }) => {
  const signedIn = guard(locals, request, READ_BIO);
  if (!signedIn.ok) return signedIn.response;
  const query = parseQuery(url, bioAnalyticsQuery);
  if (!query.ok) return query.response;
  return respond(
    LinkInBio.use((bio) => bio.analytics(signedIn.user.workspaceId, query.data.period, new Date())),
    (analytics) => json(analytics),
  );
};
