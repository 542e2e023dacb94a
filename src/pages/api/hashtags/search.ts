import type { APIRoute } from "astro";
import { Hashtags } from "../../../../infra/hashtags/Hashtags";
import { hashtagSearchSchema, READ_HASHTAGS } from "../../../features/hashtags/hashtag-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../../lib/http";

/**
 * POST /api/hashtags/search {query, platform (all, instagram, twitter, linkedin, tiktok, facebook)}:
 * `{hashtags, basedOn}`, each hashtag with tag, difficulty, volume, engagement, trending, related and
 * what each figure is based on. A blank query: 400 with the sentence. Plans with hashtag research.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, READ_HASHTAGS);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, hashtagSearchSchema);
  if (!input.ok) return input.response;
  return respond(
    Hashtags.use((hashtags) => hashtags.search(signedIn.user.workspaceId, input.data, signedIn.caller.now)),
    (found) => json(found),
  );
};
