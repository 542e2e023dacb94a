/** Platforms whose public API gives another account's followers and posts without that account's sign-in. */
export const COMPETITOR_PLATFORMS = ["bluesky", "mastodon", "youtube"] as const;
export type CompetitorPlatform = (typeof COMPETITOR_PLATFORMS)[number];

/** How many competitors a workspace follows at most: each is read from the platform once a day. */
export const COMPETITORS_MAX = 20;

export const COMPETITOR_DAYS = [30, 90] as const;

export const COMPETITOR_MESSAGES = {
  handle: "Enter the competitor's handle, like example.bsky.social.",
  mastodonHandle: "Enter the competitor's Mastodon address, like @name@mastodon.social.",
  youtubeHandle: "Enter the competitor's YouTube handle, like @examplechannel, or its channel id (UC…).",
  noYoutubeKey: "YouTube channels can be tracked once this server has a YouTube API key (YOUTUBE_API_KEY). Bluesky and Mastodon work now.",
  platform:
    "Competitor tracking works for Bluesky, Mastodon and YouTube: their public APIs give any account's followers and posts without signing in. Instagram, Facebook, X, LinkedIn and TikTok show these figures only to the account's own owner.",
  unknown: (where: string, handle: string) => `${where} knows no account called ${handle}. Check the spelling of the handle.`,
  already: (handle: string) => `You already track ${handle}.`,
  tooMany: `You can track up to ${COMPETITORS_MAX} competitors. Remove one to add another.`,
  days: "Choose 30 or 90 days.",
} as const;

/** A handle as people paste it: without the leading @, a bsky.app profile address, or spaces. */
export const handleOf = (text: string): string =>
  text
    .trim()
    .replace(/^https?:\/\/bsky\.app\/profile\//i, "")
    .replace(/\/.*$/, "")
    .replace(/^@/, "")
    .toLowerCase();

export const isHandle = (handle: string): boolean => /^(did:[a-z]+:[a-zA-Z0-9._:%-]+|([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?)$/.test(handle) && handle.length <= 253;
