import type { APIRoute } from "astro";
import { Hashtags } from "../../../../infra/hashtags/Hashtags";
import { READ_HASHTAGS, trendingQuerySchema } from "../../../features/hashtags/hashtag-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseQuery, respond } from "../../../lib/http";

/** GET /api/hashtags/trending?platform=: `{trending, basedOn}`, the workspace's hashtags used more in the last 7 days than the 7 before. */
export const GET: APIRoute = ({ request, url, locals }) => {
  const signedIn = guard(locals, request, READ_HASHTAGS);
  if (!signedIn.ok) return signedIn.response;
  const query = parseQuery(url, trendingQuerySchema);
  if (!query.ok) return query.response;
  return respond(
    Hashtags.use((hashtags) => hashtags.trending(signedIn.user.workspaceId, query.data.platform, signedIn.caller.now)),
    (answer) => json(answer),
  );
};
