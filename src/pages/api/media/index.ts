import type { APIRoute } from "astro";
import { Media } from "../../../../infra/media/Media";
import { mediaListQuerySchema } from "../../../features/media/schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseQuery, respond } from "../../../lib/http";

/**
 * GET /api/media?q=&type=all|images|videos&limit=1..200&cursor=: the workspace's media items, newest
 * first, `{ items, nextCursor, total }` (keyset pagination: pass nextCursor with the same q and type).
 */
export const GET: APIRoute = ({ request, url, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  const query = parseQuery(url, mediaListQuerySchema);
  if (!query.ok) return query.response;
  return respond(
    Media.use((media) => media.list(signedIn.user.workspaceId, query.data)),
    (page) => json(page),
  );
};
