import type { APIRoute } from "astro";
import { PostQueries } from "../../../../infra/publishing/PostQueries";
import { postCountsQuerySchema } from "../../../features/posts/schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseQuery, respond } from "../../../lib/http";

/** GET /api/posts/counts?accountId&categoryId&q: how many posts of each status match (draft, scheduled, publishing, published). */
export const GET: APIRoute = ({ request, locals, url }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  const parsed = parseQuery(url, postCountsQuerySchema);
  if (!parsed.ok) return parsed.response;
  return respond(
    PostQueries.use((posts) => posts.counts(signedIn.user.workspaceId, parsed.data)),
    (counts) => json(counts),
  );
};
