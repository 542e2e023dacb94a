import type { PlatformId } from "../accounts/platforms";

/**
 * A platform's documented limit on publishing: at most `count` posts in any `windowMs`, for one
 * account or for the whole app (every account of every workspace on this server). The scheduler
 * delays a post that would pass one, never drops it, and records the delay with `reason`.
 */
export interface PublishLimit {
  readonly per: "account" | "app";
  readonly count: number;
  readonly windowMs: number;
  readonly reason: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The limits each platform documents for creating posts. A platform that limits less strictly for
 * some access tiers answers 429 past these, which the scheduler retries with the platform's wait.
 */
export const PUBLISH_LIMITS: Readonly<Partial<Record<PlatformId, ReadonlyArray<PublishLimit>>>> = {
  // docs.bsky.app "Rate Limits": 5,000 points an hour and 35,000 a day per account; a created record costs 3.
  bluesky: [
    { per: "account", count: 1_666, windowMs: HOUR, reason: "Bluesky's limit of 5,000 write points an hour for an account (3 a post)" },
    { per: "account", count: 11_666, windowMs: DAY, reason: "Bluesky's limit of 35,000 write points a day for an account (3 a post)" },
  ],
  // Bot API FAQ: a bot sends at most 20 messages a minute to one group or channel.
  telegram: [{ per: "account", count: 20, windowMs: MINUTE, reason: "Telegram's limit of 20 messages a minute from a bot to one channel" }],
  // Discord webhooks: 30 messages a minute to one channel.
  discord: [{ per: "account", count: 30, windowMs: MINUTE, reason: "Discord's limit of 30 webhook messages a minute to one channel" }],
  // Mastodon's default rate limits (docs.joinmastodon.org "Rate limits"): 300 statuses per 3 hours for an account; an instance may set others (429).
  mastodon: [{ per: "account", count: 300, windowMs: 3 * HOUR, reason: "Mastodon's limit of 300 posts per 3 hours for an account" }],
  // X API v2 POST /2/tweets: 100 requests per 15 minutes per user, 10,000 per 24 hours per app.
  twitter: [
    { per: "account", count: 100, windowMs: 15 * MINUTE, reason: "X's limit of 100 posts per 15 minutes for an account" },
    { per: "app", count: 10_000, windowMs: DAY, reason: "X's limit of 10,000 posts a day for one app" },
  ],
  // Threads API: 250 API-published posts per profile in a 24-hour moving period.
  threads: [{ per: "account", count: 250, windowMs: DAY, reason: "Threads' limit of 250 posts a day for a profile" }],
  // Instagram Graph API content publishing: 100 API-published posts per account in a 24-hour moving period.
  instagram: [{ per: "account", count: 100, windowMs: DAY, reason: "Instagram's limit of 100 posts a day for an account" }],
  // LinkedIn Posts API: 150 requests a day per member, 100,000 a day per application.
  linkedin: [
    { per: "account", count: 150, windowMs: DAY, reason: "LinkedIn's limit of 150 posts a day for a member" },
    { per: "app", count: 100_000, windowMs: DAY, reason: "LinkedIn's limit of 100,000 posts a day for one app" },
  ],
  // TikTok Content Posting API: 6 publish requests a minute per user token; about 15 posts a day per creator.
  tiktok: [
    { per: "account", count: 6, windowMs: MINUTE, reason: "TikTok's limit of 6 posts a minute for an account" },
    { per: "account", count: 15, windowMs: DAY, reason: "TikTok's limit of 15 posts a day for a creator" },
  ],
  // YouTube Data API: a project's 10,000 quota units a day; videos.insert costs 1,600.
  youtube: [{ per: "app", count: 6, windowMs: DAY, reason: "YouTube's quota of 10,000 units a day for one app (1,600 an upload)" }],
  // Reddit Data API: 100 queries a minute per OAuth client.
  reddit: [{ per: "app", count: 100, windowMs: MINUTE, reason: "Reddit's limit of 100 requests a minute for one app" }],
};

/** The times (ms) of earlier posts that count against one limit, oldest first. */
export interface LimitHistory {
  readonly limit: PublishLimit;
  readonly times: ReadonlyArray<number>;
}

/**
 * The first moment at or after `from` when one more post fits every limit, and the limit that
 * held it back (null when it goes at `from`). A post at `t` counts against a window while
 * `t > at - windowMs`.
 */
export const nextSlot = (histories: ReadonlyArray<LimitHistory>, from: number): { readonly at: number; readonly heldBy: PublishLimit | null } => {
  let at = from;
  let heldBy: PublishLimit | null = null;
  for (let moved = true; moved; ) {
    moved = false;
    for (const { limit, times } of histories) {
      const inWindow = times.filter((t) => t > at - limit.windowMs);
      if (inWindow.length < limit.count) continue;
      // The slot opens when enough of the oldest posts in the window have left it.
      const opens = inWindow[inWindow.length - limit.count]! + limit.windowMs;
      if (opens > at) {
        at = opens;
        heldBy = limit;
        moved = true;
      }
    }
  }
  return { at, heldBy };
};
