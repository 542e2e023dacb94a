import { type PlatformId, platformById } from "../accounts/platforms";
import { type Tier, tierLabel } from "../plans";

import type { AiAction, AiDraftKind } from "./messages";

export { AI_ACTIONS, type AiAction, AI_DRAFT_KINDS, type AiDraftKind, AI_INPUT_MAX, AI_MESSAGES, AI_TOASTS } from "./messages";

/** What the AI makes: counted apart, each with its own monthly quota. */
export type AiUseKind = "text" | "images";

/** The image prompt: the post's text, of which the model reads the start. */
export const AI_PROMPT_MAX = 4_000;
export const AI_IMAGE_STYLE_DEFAULT = "social media post";

/** The calendar month a use counts in (UTC), as `YYYY-MM`. */
export const aiMonthOf = (at: Date): string => at.toISOString().slice(0, 7);

/**
 * How long past the AI time-out a reservation holds its place when its process neither records
 * nor releases it (it crashed): the call itself is given up at the time-out, and this leaves time
 * to save and record its answer.
 */
export const AI_RESERVATION_MARGIN_MS = 60_000;

/** When a reservation made at `now` stops holding its place. */
export const aiReservationExpiry = (now: Date, timeoutMs: number): Date => new Date(now.getTime() + timeoutMs + AI_RESERVATION_MARGIN_MS);

/** The first instant of the month after `month`: when its quota starts again. */
export const aiQuotaResetsAt = (month: string): Date => {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 1));
};

const resetDay = (month: string) => aiQuotaResetsAt(month).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** Over the quota: what the plan allows, that it is used up, and when it starts again. */
export const aiQuotaMessage = (tier: Tier, kind: AiUseKind, quota: number, month: string): string =>
  `Your ${tierLabel(tier)} includes ${quota.toLocaleString("en-US")} AI ${kind === "text" ? "text requests" : "images"} a month, and this month's are used up. ` +
  `The quota resets on ${resetDay(month)}.`;

/** The smallest character limit of the chosen platforms (the result must fit them all); null when none is chosen. */
export const smallestLimitOf = (platforms: ReadonlyArray<PlatformId>): { readonly limit: number; readonly platform: PlatformId } | null =>
  platforms.reduce<{ limit: number; platform: PlatformId } | null>((smallest, platform) => {
    const limit = platformById(platform).maxCharacters;
    return smallest === null || limit < smallest.limit ? { limit, platform } : smallest;
  }, null);

const graphemes = (text: string) => Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text), (s) => s.segment);

/**
 * The text cut to `limit` characters (graphemes, as the compose counters count) when the model
 * wrote more: at the last word boundary that fits, ending with "…". A text that fits is kept as is.
 */
export const fitToLimit = (text: string, limit: number | null): string => {
  const trimmed = text.trim();
  if (limit === null) return trimmed;
  const characters = graphemes(trimmed);
  if (characters.length <= limit) return trimmed;
  const head = characters.slice(0, Math.max(0, limit - 1)).join("");
  const boundary = head.search(/\s\S*$/);
  // A boundary far back would throw most of the text away: then cut inside the word.
  const cut = boundary > head.length / 2 ? head.slice(0, boundary) : head;
  return `${cut.replace(/[\s,;:–—-]+$/u, "")}…`;
};

/** The model's answer without what chat models wrap a post in: surrounding quotes, a "Here is…:" line. */
export const cleanModelText = (text: string): string => {
  let out = text.trim().replace(/^(?:here(?:'s| is)[^\n]*:\s*\n+)/i, "");
  const quoted = /^(["“])([\s\S]*)(["”])$/u.exec(out);
  if (quoted && !quoted[2]!.includes(quoted[1]!)) out = quoted[2]!;
  return out.trim();
};

const SYSTEM_PROMPT =
  "You are a social media copywriter for a business. Answer with the finished text only: no quotes around it, no preamble, no notes, no alternatives.";

const ACTION_INSTRUCTIONS: Record<AiAction, string> = {
  generate: "Write an engaging social media post from these notes or this topic.",
  shorten: "Shorten this social media post. Keep its meaning, its tone, its hashtags and its links.",
  expand: "Expand this social media post with more detail and color. Keep its tone, its hashtags and its links.",
  casual: "Rewrite this social media post in a more casual, friendly, conversational tone.",
  formal: "Rewrite this social media post in a more formal, professional tone.",
  hook: "Rewrite this social media post so that it opens with a short, attention-grabbing hook, then the post.",
  cta: "Rewrite this social media post so that it ends with a clear call to action.",
};

export interface ChatMessage {
  readonly role: "system" | "user";
  readonly content: string;
}

const limitLine = (platforms: ReadonlyArray<PlatformId>) => {
  const smallest = smallestLimitOf(platforms);
  if (!smallest) return "";
  const names = platforms.map((p) => platformById(p).name).join(", ");
  return `\nIt will be posted on ${names}: keep it under ${smallest.limit.toLocaleString("en-US")} characters, hashtags and emoji included.`;
};

/** The chat messages that ask the model for an action on a post. */
export const enhancePrompt = (action: AiAction, content: string, platforms: ReadonlyArray<PlatformId>): ReadonlyArray<ChatMessage> => [
  { role: "system", content: SYSTEM_PROMPT },
  { role: "user", content: `${ACTION_INSTRUCTIONS[action]}${limitLine(platforms)}\n\n${content.trim()}` },
];

const DRAFT_INSTRUCTIONS: Record<AiDraftKind, string> = {
  message: "Draft a reply to this direct message from a customer. Be helpful, warm and brief.",
  comment: "Draft a public reply to this comment on one of the business's posts. Be friendly and brief.",
  review:
    "Draft the business's public response to this review. Thank the reviewer; if they had a bad experience, apologise and offer to make it right offline. Never share private details.",
};

/** The chat messages that ask for a reply draft, which a person edits and sends. */
export const draftPrompt = (kind: AiDraftKind, text: string, rating: number | null): ReadonlyArray<ChatMessage> => [
  { role: "system", content: "You answer customers for a business. Answer with the reply's text only, ready for a person to edit and send." },
  { role: "user", content: `${DRAFT_INSTRUCTIONS[kind]}${rating === null ? "" : `\nRating: ${rating} out of 5 stars.`}\n\n${text.trim()}` },
];

/** The image prompt: the post's text (its start) in the asked style. */
export const imagePrompt = (prompt: string, style: string): string =>
  `An image for a ${style.trim() || AI_IMAGE_STYLE_DEFAULT}, with no text or letters in it, illustrating: ${graphemes(prompt.trim()).slice(0, AI_PROMPT_MAX).join("")}`;

/** The draft's character cap: a review site's response limit, else a comfortable reply. */
export const DRAFT_MAX_CHARACTERS = 1_000;
