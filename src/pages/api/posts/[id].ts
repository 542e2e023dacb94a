import type { APIRoute } from "astro";
import { Effect } from "effect";
import { PostQueries } from "../../../../infra/publishing/PostQueries";
import { Posts } from "../../../../infra/publishing/Posts";
import { postSchema, versionedWriteSchema } from "../../../features/posts/schemas";
import { guard } from "../../../lib/auth-guard";
import { expectedVersionOf, isUuid, json, notFound, parseJsonBody, respond } from "../../../lib/http";

/**
 * GET /api/posts/{id}: the post with its `version` (also its ETag), each account's result, and its
 * history (events: who, what, when).
 */
export const GET: APIRoute = ({ request, locals, params }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  return respond(
    PostQueries.use((posts) => Effect.all({ post: posts.get(signedIn.user.workspaceId, id), history: posts.history(signedIn.user.workspaceId, id) })),
    ({ post, history }) => json({ ...post, history }, { headers: { etag: `"${post.version}"` } }),
  );
};

/**
 * PUT /api/posts/{id}: edit or reschedule a draft or scheduled post (status draft unschedules it).
 * With `expectedVersion` (or If-Match), a post changed since answers 409 and keeps the other edit.
 */
export const PUT: APIRoute = async ({ request, locals, params }) => {
  const signedIn = guard(locals, request, { permission: "manage_posts" });
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  const input = await parseJsonBody(request, postSchema);
  if (!input.ok) return input.response;
  const version = expectedVersionOf(request, input.data.expectedVersion);
  if (!version.ok) return version.response;
  return respond(
    Posts.use((posts) => posts.update(signedIn.caller, id, input.data, version.version)),
    (post) => json(post),
  );
};

/** DELETE /api/posts/{id}: drafts and scheduled posts; a published one answers 409, and so does a stale `expectedVersion`. */
export const DELETE: APIRoute = async ({ request, locals, params }) => {
  const signedIn = guard(locals, request, { permission: "manage_posts" });
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  const body = await parseJsonBody(request, versionedWriteSchema);
  if (!body.ok) return body.response;
  const version = expectedVersionOf(request, body.data.expectedVersion);
  if (!version.ok) return version.response;
  return respond(
    Posts.use((posts) => posts.remove(signedIn.caller, id, version.version)),
    () => json({ ok: true, message: "Post deleted successfully!" }),
  );
};
