import type { APIRoute } from "astro";
import { Hashtags } from "../../../../infra/hashtags/Hashtags";
import { READ_HASHTAGS } from "../../../features/hashtags/hashtag-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, respond } from "../../../lib/http";

/** GET /api/hashtags/recent: `{recent, basedOn}`, the hashtags of the workspace's latest published posts, most recently used first. */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request, READ_HASHTAGS);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Hashtags.use((hashtags) => hashtags.recent(signedIn.user.workspaceId, signedIn.caller.now)),
    (answer) => json(answer),
  );
};
