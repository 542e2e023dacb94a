import type { APIRoute } from "astro";
import { Media } from "../../../../infra/media/Media";
import { mediaTagsSchema } from "../../../features/media/schemas";
import { requireUser } from "../../../lib/auth-guard";
import { commandContext, json, parseJsonBody, respond } from "../../../lib/http";

/** GET /api/media/{id}: one item of the caller's workspace; any other id (another workspace's too) is 404. */
export const GET: APIRoute = ({ params, locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  return respond(
    Media.use((media) => media.get(caller.user.workspaceId, params.id ?? "")),
    (item) => json(item),
  );
};

/** PUT /api/media/{id} `{ tags, version? }`: replaces the item's tags (MediaTagged); answers the item. */
export const PUT: APIRoute = async ({ params, request, locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  const input = await parseJsonBody(request, mediaTagsSchema);
  if (!input.ok) return input.response;
  return respond(
    Media.use((media) =>
      media.setTags(caller.user.workspaceId, params.id ?? "", input.data.tags, commandContext(locals, request), input.data.version),
    ),
    (item) => json(item),
  );
};

/** DELETE /api/media/{id}: records MediaDeleted and removes the stored files. */
export const DELETE: APIRoute = ({ params, request, locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  return respond(
    Media.use((media) => media.remove(caller.user.workspaceId, params.id ?? "", commandContext(locals, request))),
    () => json({ message: "Media deleted" }),
  );
};
