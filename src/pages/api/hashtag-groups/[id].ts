import type { APIRoute } from "astro";
import { Hashtags } from "../../../../infra/hashtags/Hashtags";
import { hashtagGroupChangeSchema, MANAGE_HASHTAG_GROUPS } from "../../../features/hashtags/hashtag-schemas";
import { guard } from "../../../lib/auth-guard";
import { isUuid, json, notFound, parseJsonBody, respond } from "../../../lib/http";

/** PUT /api/hashtag-groups/{id} {name?, tags?}: the group renamed or given other hashtags. DELETE: 204. */
export const PUT: APIRoute = async ({ params, request, locals }) => {
  const signedIn = guard(locals, request, MANAGE_HASHTAG_GROUPS);
  if (!signedIn.ok) return signedIn.response;
  if (!isUuid(params.id)) return notFound();
  const input = await parseJsonBody(request, hashtagGroupChangeSchema);
  if (!input.ok) return input.response;
  return respond(
    Hashtags.use((hashtags) => hashtags.changeGroup(signedIn.caller, params.id!, input.data)),
    (group) => json(group),
  );
};

export const DELETE: APIRoute = ({ params, request, locals }) => {
  const signedIn = guard(locals, request, MANAGE_HASHTAG_GROUPS);
  if (!signedIn.ok) return signedIn.response;
  if (!isUuid(params.id)) return notFound();
  return respond(
    Hashtags.use((hashtags) => hashtags.removeGroup(signedIn.caller, params.id!)),
    () => new Response(null, { status: 204 }),
  );
};
