import type { APIRoute } from "astro";
import { Posts } from "../../../../../infra/publishing/Posts";
import { approveSchema } from "../../../../features/posts/schemas";
import { guard } from "../../../../lib/auth-guard";
import { expectedVersionOf, isUuid, json, notFound, parseJsonBody, respond } from "../../../../lib/http";

/**
 * POST /api/posts/{id}/approve {publishNow?, expectedVersion?}: an owner or admin approves a post
 * awaiting approval: scheduled at its time, or published now when that has passed and `publishNow`
 * confirms it (else 409 with the reason). The post as it is then.
 */
export const POST: APIRoute = async ({ request, locals, params }) => {
  const signedIn = guard(locals, request, { permission: "approve_posts" });
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  const body = await parseJsonBody(request, approveSchema);
  if (!body.ok) return body.response;
  const version = expectedVersionOf(request, body.data.expectedVersion);
  if (!version.ok) return version.response;
  return respond(
    Posts.use((posts) => posts.approve(signedIn.caller, id, { publishNow: body.data.publishNow, expectedVersion: version.version })),
    (post) => json(post),
  );
};
