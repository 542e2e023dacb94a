import type { APIRoute } from "astro";
import { Effect } from "effect";
import { Feeds } from "../../../../infra/feeds/Feeds";
import { editFeedSchema, MANAGE_FEEDS, READ_FEEDS } from "../../../features/rss-feeds/rss-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../../lib/http";

/**
 * GET /api/rss-feeds/{id}: the feed and its history (`items`: every item read, newest first, with
 * the post made of it). PUT: any of its fields (pause or resume with `{isActive}`). DELETE: gone.
 */
export const GET: APIRoute = ({ request, params, locals }) => {
  const signedIn = guard(locals, request, READ_FEEDS);
  if (!signedIn.ok) return signedIn.response;
  const workspaceId = signedIn.user.workspaceId;
  return respond(
    Feeds.use((feeds) => Effect.all({ feed: feeds.get(workspaceId, params.id!), items: feeds.items(workspaceId, params.id!) })),
    ({ feed, items }) => json({ ...feed, items }),
  );
};

export const PUT: APIRoute = async ({ request, params, locals }) => {
  const signedIn = guard(locals, request, MANAGE_FEEDS);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, editFeedSchema);
  if (!input.ok) return input.response;
  return respond(
    Feeds.use((feeds) => feeds.edit(signedIn.caller, params.id!, input.data)),
    (feed) => json(feed),
  );
};

export const DELETE: APIRoute = ({ request, params, locals }) => {
  const signedIn = guard(locals, request, MANAGE_FEEDS);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Feeds.use((feeds) => feeds.remove(signedIn.caller, params.id!)),
    () => new Response(null, { status: 204 }),
  );
};
