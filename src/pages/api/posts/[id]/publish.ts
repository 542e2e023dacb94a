import type { APIRoute } from "astro";
import { Posts } from "../../../../../infra/publishing/Posts";
import { requireUser } from "../../../../lib/auth-guard";
import { commandContext, isUuid, json, notFound, respond } from "../../../../lib/http";

/** POST /api/posts/{id}/publish: publish now (the worker takes it at once). */
export const POST: APIRoute = ({ request, locals, params }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  return respond(
    Posts.use((posts) => posts.publishNow(caller.user, id, commandContext(locals, request))),
    (post) => json(post, 202),
  );
};
