import type { APIRoute } from "astro";
import { Effect } from "effect";
import { Posts } from "../../../../infra/publishing/Posts";
import { postSchema } from "../../../features/posts/schemas";
import { requireUser } from "../../../lib/auth-guard";
import { commandContext, isUuid, json, notFound, parseJsonBody, respond } from "../../../lib/http";

/** GET /api/posts/{id}: the post, each account's result, and its history (events: who, what, when). */
export const GET: APIRoute = ({ locals, params }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  return respond(
    Posts.use((posts) =>
      Effect.all({ post: posts.get(caller.user.workspaceId, id), history: posts.history(caller.user.workspaceId, id) }),
    ),
    ({ post, history }) => json({ ...post, history }),
  );
};

/** PUT /api/posts/{id}: edit or reschedule a draft or scheduled post (status draft unschedules it). */
export const PUT: APIRoute = async ({ request, locals, params }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  const input = await parseJsonBody(request, postSchema);
  if (!input.ok) return input.response;
  return respond(
    Posts.use((posts) => posts.update(caller.user, id, input.data, commandContext(locals, request))),
    (post) => json(post),
  );
};

/** DELETE /api/posts/{id}: drafts and scheduled posts; a published one answers 409. */
export const DELETE: APIRoute = ({ request, locals, params }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  return respond(
    Posts.use((posts) => posts.remove(caller.user, id, commandContext(locals, request))),
    () => json({ ok: true, message: "Post deleted successfully!" }),
  );
};
