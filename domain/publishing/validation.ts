import { type PlatformId, platformById } from "../accounts/platforms";

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

export const tooLongMessage = (count: number, platform: PlatformId): string => {
  const p = platformById(platform);
  return `Your post is ${count} characters; ${p.name} allows ${p.maxCharacters}.`;
};

/**
 * The first problem with a post's content for its platforms, or null (spec core §5, §9): at least
 * one platform; content or media; the text fits every chosen platform. When several limits are
 * exceeded the message names the strictest (shortening to it fits them all).
 */
export const checkContent = (content: string, platforms: ReadonlyArray<PlatformId>, mediaCount = 0): string | null => {
  if (platforms.length === 0) return SELECT_PLATFORM;
  if (content.trim().length === 0 && mediaCount === 0) return CONTENT_REQUIRED;
  const count = characterCount(content);
  const exceeded = platforms
    .map(platformById)
    .filter((p) => count > p.maxCharacters)
    .sort((a, b) => a.maxCharacters - b.maxCharacters)[0];
  return exceeded ? tooLongMessage(count, exceeded.id) : null;
};

/** Characters left per platform, for the compose screen's counters (negative when over). */
export const remainingCharacters = (content: string, platforms: ReadonlyArray<PlatformId>): ReadonlyArray<{ readonly platform: PlatformId; readonly remaining: number }> => {
  const count = characterCount(content);
  return platforms.map((platform) => ({ platform, remaining: platformById(platform).maxCharacters - count }));
};
