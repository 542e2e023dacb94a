import type { APIRoute } from "astro";
import { Posts } from "../../../../../infra/publishing/Posts";
import { requestChangesSchema } from "../../../../features/posts/schemas";
import { guard } from "../../../../lib/auth-guard";
import { expectedVersionOf, isUuid, json, notFound, parseJsonBody, respond } from "../../../../lib/http";

/** POST /api/posts/{id}/request-changes {comment, expectedVersion?}: back to its author as a draft with the comment; the post. */
export const POST: APIRoute = async ({ request, locals, params }) => {
  const signedIn = guard(locals, request, { permission: "approve_posts" });
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  const body = await parseJsonBody(request, requestChangesSchema);
  if (!body.ok) return body.response;
  const version = expectedVersionOf(request, body.data.expectedVersion);
  if (!version.ok) return version.response;
  return respond(
    Posts.use((posts) => posts.requestChanges(signedIn.caller, id, body.data.comment, version.version)),
    (post) => json(post),
  );
};
