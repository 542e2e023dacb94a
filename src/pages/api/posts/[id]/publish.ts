import type { APIRoute } from "astro";
import { Posts } from "../../../../../infra/publishing/Posts";
import { versionedWriteSchema } from "../../../../features/posts/schemas";
import { guard } from "../../../../lib/auth-guard";
import { expectedVersionOf, isUuid, json, notFound, parseJsonBody, respond } from "../../../../lib/http";

/** POST /api/posts/{id}/publish: publish now (the worker takes it at once); a stale `expectedVersion` answers 409. */
export const POST: APIRoute = async ({ request, locals, params }) => {
  const signedIn = guard(locals, request, { permission: "manage_posts" });
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  const body = await parseJsonBody(request, versionedWriteSchema);
  if (!body.ok) return body.response;
  const version = expectedVersionOf(request, body.data.expectedVersion);
  if (!version.ok) return version.response;
  return respond(
    Posts.use((posts) => posts.publishNow(signedIn.caller, id, version.version)),
    (post) => json(post, 202),
  );
};
