import type { APIRoute } from "astro";
import { Posts } from "../../../../infra/publishing/Posts";
import { postCountsQuerySchema } from "../../../features/posts/schemas";
import { requireUser } from "../../../lib/auth-guard";
import { json, parseQuery, respond } from "../../../lib/http";

/** GET /api/posts/counts?accountId&categoryId&q: how many posts of each status match (draft, scheduled, publishing, published). */
export const GET: APIRoute = ({ locals, url }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  const parsed = parseQuery(url, postCountsQuerySchema);
  if (!parsed.ok) return parsed.response;
  return respond(
    Posts.use((posts) => posts.counts(caller.user.workspaceId, parsed.data)),
    (counts) => json(counts),
  );
};
