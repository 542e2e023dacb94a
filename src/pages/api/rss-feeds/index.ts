import type { APIRoute } from "astro";
import { Feeds } from "../../../../infra/feeds/Feeds";
import { addFeedSchema, MANAGE_FEEDS, READ_FEEDS } from "../../../features/rss-feeds/rss-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../../lib/http";

/**
 * GET /api/rss-feeds: the workspace's feeds, newest first, each with what its reads found and made
 * (itemsSeen, postsMade, waiting, lastChecked, lastError, nextCheck).
 * POST {name, url, platforms, accountIds?, postTemplate?, postingSchedule, delivery?, isActive}: a
 * feed, once it could be read (201; else 400 with the reason). Plans with RSS auto-posting.
 */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request, READ_FEEDS);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Feeds.use((feeds) => feeds.list(signedIn.user.workspaceId)),
    (feeds) => json(feeds),
  );
};

export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, MANAGE_FEEDS);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, addFeedSchema);
  if (!input.ok) return input.response;
  return respond(
    Feeds.use((feeds) => feeds.add(signedIn.caller, input.data)),
    (feed) => json(feed, 201),
  );
};
