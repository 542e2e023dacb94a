import type { APIRoute } from "astro";
import { Media } from "../../../../infra/media/Media";
import { mediaTagsSchema } from "../../../features/media/schemas";
import { guard } from "../../../lib/auth-guard";
import { commandContext, json, parseJsonBody, respond } from "../../../lib/http";

/** GET /api/media/{id}: one item of the caller's workspace; any other id (another workspace's too) is 404. */
export const GET: APIRoute = ({ request, params, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Media.use((media) => media.get(signedIn.user.workspaceId, params.id ?? "")),
    (item) => json(item),
  );
};

/** PUT /api/media/{id} `{ tags, version? }`: replaces the item's tags (MediaTagged); answers the item. */
export const PUT: APIRoute = async ({ params, request, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_posts" });
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, mediaTagsSchema);
  if (!input.ok) return input.response;
  return respond(
    Media.use((media) => media.setTags(signedIn.user.workspaceId, params.id ?? "", input.data.tags, signedIn.caller, input.data.version)),
    (item) => json(item),
  );
};

/** DELETE /api/media/{id}: records MediaDeleted and removes the stored files. */
export const DELETE: APIRoute = ({ params, request, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_posts" });
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Media.use((media) => media.remove(signedIn.user.workspaceId, params.id ?? "", signedIn.caller)),
    () => json({ message: "Media deleted" }),
  );
};
