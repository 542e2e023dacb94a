import type { APIRoute } from "astro";
import { decodeKeyset } from "../../../../infra/db/keyset";
import { PostQueries } from "../../../../infra/publishing/PostQueries";
import { Posts } from "../../../../infra/publishing/Posts";
import { postQuerySchema, postSchema } from "../../../features/posts/schemas";
import { guard } from "../../../lib/auth-guard";
import { apiError, commandContext, json, parseJsonBody, parseQuery, respond } from "../../../lib/http";

/**
 * GET /api/posts?status(,status)&accountId&categoryId&from&to&q&sort&limit&cursor: with each account's
 * result; newest first, or soonest due (sort=scheduled), or newest published (sort=published).
 */
export const GET: APIRoute = ({ request, locals, url }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  const parsed = parseQuery(url, postQuerySchema);
  if (!parsed.ok) return parsed.response;
  const cursor = decodeKeyset(parsed.data.cursor);
  if (cursor === null) return apiError(400, "invalid_input", "The cursor is not one this list gave.");
  const { from, to, status, ...rest } = parsed.data;
  return respond(
    PostQueries.use((posts) =>
      posts.list(signedIn.user.workspaceId, {
        ...rest,
        statuses: status,
        cursor,
        from: from ? new Date(from) : undefined,
        to: to ? new Date(to) : undefined,
      }),
    ),
    (page) => json(page.items, { headers: page.nextCursor ? { "x-next-cursor": page.nextCursor } : {} }),
  );
};

/** POST /api/posts: the dashboard dialog's and the compose screen's payloads, plus accountIds. */
export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_posts" });
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, postSchema);
  if (!input.ok) return input.response;
  return respond(
    Posts.use((posts) => posts.create(signedIn.caller, input.data)),
    (post) => json(post, 201),
  );
};
