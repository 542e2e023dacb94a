import { type AccountLimitsSource, type PlatformId, platformById, platformFor } from "../accounts/platforms";
import type { PostContent } from "./events";

export const CONTENT_REQUIRED = "Content is required";
export const SELECT_PLATFORM = "Select at least one platform";

/**
 * Characters as a person counts them: grapheme clusters (Intl.Segmenter), not UTF-16 code units.
 * An emoji such as 👍🏽 or 👨‍👩‍👧 is one character for the writer and for the platforms' own
 * counters (Bluesky counts graphemes), while `.length` would say 4 or 8 and reject posts that fit.
 */
export const characterCount = (text: string): number => {
  let n = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)) n++;
  return n;
};

export const tooLongMessage = (count: number, platform: PlatformId, accounts: ReadonlyArray<AccountLimitsSource> = []): string => {
  const p = platformFor(platform, accounts);
  return `Your post is ${count} characters; ${p.name} allows ${p.maxCharacters}.`;
};

/**
 * The first problem with a post's content for its platforms, or null (spec core §5, §9): at least
 * one platform; content or media; the text fits every chosen platform. When several limits are
 * exceeded the message names the strictest (shortening to it fits them all).
 */
export const checkContent = (
  content: string,
  platforms: ReadonlyArray<PlatformId>,
  mediaCount = 0,
  accounts: ReadonlyArray<AccountLimitsSource> = [],
): string | null => {
  if (platforms.length === 0) return SELECT_PLATFORM;
  if (content.trim().length === 0 && mediaCount === 0) return CONTENT_REQUIRED;
  const count = characterCount(content);
  const exceeded = platforms
    .map((p) => platformFor(p, accounts))
    .filter((p) => count > p.maxCharacters)
    .sort((a, b) => a.maxCharacters - b.maxCharacters)[0];
  if (exceeded) return tooLongMessage(count, exceeded.id, accounts);
  // Telegram sends the text of a post with media as the media's caption, which holds less.
  const caption = mediaCount === 0 ? undefined : platforms.map(platformById).find((p) => p.posting.maxCaptionCharacters !== undefined && count > p.posting.maxCaptionCharacters);
  return caption ? `With photos or videos, ${caption.name} allows ${caption.posting.maxCaptionCharacters} characters; your post is ${count}.` : null;
};

/** An X thread: the post, then at most this many more, each answering the one before. */
export const THREAD_MAX_POSTS = 25;

/** The first problem with an X thread's further posts (the compose screen's X options), or null. */
export const checkThread = (parts: unknown): string | null => {
  if (parts === undefined || parts === null) return null;
  if (!Array.isArray(parts) || parts.some((p) => typeof p !== "string")) return "An X thread must be a list of posts.";
  if (parts.length + 1 > THREAD_MAX_POSTS) return `An X thread holds at most ${THREAD_MAX_POSTS} posts.`;
  const x = platformById("twitter");
  for (const [i, part] of parts.entries()) {
    if (part.trim() === "") return `Post ${i + 2} of the X thread is empty: write it or remove it.`;
    const count = characterCount(part);
    if (count > x.maxCharacters) return `Post ${i + 2} of the X thread is ${count} characters; ${x.name} allows ${x.maxCharacters}.`;
  }
  return null;
};

/** Mastodon counts a post's content warning with its text against the instance's limit. */
export const checkContentWarning = (
  content: string,
  options: PostContent["options"],
  platforms: ReadonlyArray<PlatformId>,
  accounts: ReadonlyArray<AccountLimitsSource> = [],
): string | null => {
  const warning = options.mastodon?.contentWarning;
  if (!platforms.includes("mastodon") || typeof warning !== "string" || warning.trim() === "") return null;
  const count = characterCount(content) + characterCount(warning);
  const mastodon = platformFor("mastodon", accounts);
  return count > mastodon.maxCharacters
    ? `Your post and its content warning are ${count} characters together; ${mastodon.name} allows ${mastodon.maxCharacters} for both.`
    : null;
};

/** The visibilities a Mastodon post can take from here (direct messages are not posts). */
export const MASTODON_VISIBILITIES = ["public", "unlisted", "private"] as const;

/** A Snapchat story lasts 24 hours (spec core §9) unless a shorter custom duration is chosen. */
export const STORY_MAX_HOURS = 24;

/** The first problem with the options of the chosen platforms, or null; other platforms' options are kept unchecked. */
export const checkPlatformOptions = (options: PostContent["options"], platforms: ReadonlyArray<PlatformId>): string | null => {
  if (platforms.includes("twitter")) {
    const problem = checkThread(options.twitter?.thread);
    if (problem) return problem;
  }
  const visibility: unknown = options.mastodon?.visibility;
  if (platforms.includes("mastodon") && visibility !== undefined && visibility !== "" && !(MASTODON_VISIBILITIES as ReadonlyArray<unknown>).includes(visibility)) {
    return "Mastodon's visibility is public, unlisted or private.";
  }
  const duration: unknown = options.snapchat?.storyDuration;
  if (platforms.includes("snapchat") && duration !== undefined && duration !== "24h") {
    if (typeof duration !== "number" || !Number.isInteger(duration) || duration < 1 || duration > STORY_MAX_HOURS) {
      return `A Snapchat story lasts from 1 to ${STORY_MAX_HOURS} hours.`;
    }
  }
  return null;
};

/** Characters left per platform, for the compose screen's counters (negative when over). */
export const remainingCharacters = (content: string, platforms: ReadonlyArray<PlatformId>): ReadonlyArray<{ readonly platform: PlatformId; readonly remaining: number }> => {
  const count = characterCount(content);
  return platforms.map((platform) => ({ platform, remaining: platformById(platform).maxCharacters - count }));
};
