import type { APIRoute } from "astro";
import { Hashtags } from "../../../../infra/hashtags/Hashtags";
import { hashtagGroupSchema, MANAGE_HASHTAG_GROUPS, READ_HASHTAGS } from "../../../features/hashtags/hashtag-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../../lib/http";

/** GET /api/hashtag-groups: the saved groups (id, name, tags), by name. POST {name, tags}: 201 with the group. */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request, READ_HASHTAGS);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Hashtags.use((hashtags) => hashtags.groups(signedIn.user.workspaceId)),
    (groups) => json(groups),
  );
};

export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, MANAGE_HASHTAG_GROUPS);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, hashtagGroupSchema);
  if (!input.ok) return input.response;
  return respond(
    Hashtags.use((hashtags) => hashtags.saveGroup(signedIn.caller, input.data)),
    (group) => json(group, 201),
  );
};
