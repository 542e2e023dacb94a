/**
 * How the Post Preview shows a post as each network does: the text in runs (links, mentions and
 * hashtags styled), where a network's feed cuts it with "…see more", and what a card needs.
 */
import type { PlatformId } from "../../../domain/accounts";
import { isHashtagBody } from "../../../domain/hashtags/rules";

export interface TextRun {
  readonly kind: "text" | "link" | "mention" | "hashtag";
  readonly text: string;
}

// A link ends before trailing punctuation a sentence puts after it ("see https://x.example.").
const TOKENS = /(https?:\/\/[^\s]+[^\s.,;:!?)\]}'"])|(@[\p{L}\p{N}_.]*[\p{L}\p{N}_])|(#[\p{L}\p{M}\p{N}_]+)/gu;

/** The text in runs: plain text, links, @mentions and #hashtags, in order, nothing lost. */
export const textRuns = (text: string): TextRun[] => {
  const runs: TextRun[] = [];
  let at = 0;
  for (const match of text.matchAll(TOKENS)) {
    const start = match.index;
    // A mention or hashtag starts a word: "a@b.c" is an address, "x#1" is not a hashtag.
    if (!match[1] && start > 0 && /[\p{L}\p{M}\p{N}_]/u.test(text[start - 1]!)) continue;
    // "#5" is a number, not a hashtag (isHashtagBody): it stays text.
    if (match[3] && !isHashtagBody(match[3].slice(1))) continue;
    if (start > at) runs.push({ kind: "text", text: text.slice(at, start) });
    runs.push({ kind: match[1] ? "link" : match[2] ? "mention" : "hashtag", text: match[0] });
    at = start + match[0].length;
  }
  if (at < text.length) runs.push({ kind: "text", text: text.slice(at) });
  return runs;
};

/**
 * Characters a network's feed shows before "…see more", as its web and mobile feeds did in 2026
 * (they cut by lines on some screens; these are the usual character counts): Instagram's caption
 * 125, LinkedIn about 210, Facebook about 480, TikTok and YouTube descriptions about 100. X,
 * Threads and Bluesky show the whole post.
 */
export const SEE_MORE_AFTER: Partial<Record<PlatformId, number>> = { instagram: 125, linkedin: 210, facebook: 480, tiktok: 100, youtube: 100 };

/** The part of the text the feed shows first, and whether "…see more" follows (cut at a word). */
export const feedCut = (text: string, platform: PlatformId): { readonly shown: string; readonly cut: boolean } => {
  const limit = SEE_MORE_AFTER[platform];
  if (limit === undefined || text.length <= limit) return { shown: text, cut: false };
  const space = text.lastIndexOf(" ", limit);
  return { shown: text.slice(0, space > limit / 2 ? space : limit).trimEnd(), cut: true };
};

/**
 * The shape a network's feed gives a post's first image (width / height), cropped to fill it:
 * Instagram's feed square (its default crop; portraits up to 4:5 are kept only when chosen in the
 * app), X's 16:9 single-image card, LinkedIn's and Facebook's 1.91:1 landscape, Pinterest's 2:3 pin,
 * Threads' and TikTok's 4:5 and 9:16 portrait, YouTube's 16:9 thumbnail. Others: the image as it is.
 */
export const IMAGE_CROP: Partial<Record<PlatformId, string>> = {
  instagram: "1 / 1",
  twitter: "16 / 9",
  facebook: "1.91 / 1",
  linkedin: "1.91 / 1",
  pinterest: "2 / 3",
  threads: "4 / 5",
  tiktok: "9 / 16",
  youtube: "16 / 9",
  bluesky: "16 / 9",
  mastodon: "16 / 9",
};

/** The buttons under a post in the network's feed, as its users know them (shown, not pressable). */
export const FEED_ACTIONS: Partial<Record<PlatformId, ReadonlyArray<string>>> = {
  facebook: ["Like", "Comment", "Share"],
  instagram: ["Like", "Comment", "Share", "Save"],
  twitter: ["Reply", "Repost", "Like", "Views"],
  linkedin: ["Like", "Comment", "Repost", "Send"],
  threads: ["Like", "Reply", "Repost", "Share"],
  bluesky: ["Reply", "Repost", "Like"],
  telegram: ["React", "Comment", "Forward"],
  mastodon: ["Reply", "Boost", "Favourite", "Bookmark"],
};

/** Networks whose feed shows the picture first and the text under it, after the account's name. */
export const PICTURE_FIRST: ReadonlySet<PlatformId> = new Set(["instagram", "pinterest", "tiktok", "youtube"]);

/** The account's handle as the network shows it: @username, else the network's name. */
export const handleOf = (username: string | null | undefined, networkName: string): string => (username ? `@${username.replace(/^@/, "")}` : networkName);
