/*
 * The social inbox's rules (spec engagement §3 "Inbox message", §4, §9): what a message is, which
 * platforms bring which kinds, how its priority follows from what is known of it, and the sentences
 * a refusal answers with.
 */

export const MESSAGE_TYPES = ["dm", "comment", "mention"] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const isMessageType = (value: string): value is MessageType => (MESSAGE_TYPES as ReadonlyArray<string>).includes(value);

export const MESSAGE_STATUSES = ["unread", "read", "replied"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const SENTIMENTS = ["positive", "neutral", "negative"] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

export const PRIORITIES = ["urgent", "high", "medium", "low"] as const;
export type Priority = (typeof PRIORITIES)[number];

/** Followers from which a sender counts as influential (their words travel). */
export const MANY_FOLLOWERS = 10_000;

/**
 * Priority from stated rules: a negative message from a verified or influential sender is urgent;
 * any negative one, or one from a verified or influential sender, is high; a question is medium;
 * the rest is low.
 */
export const priorityOf = (message: {
  readonly sentiment: Sentiment;
  readonly verified: boolean;
  readonly followers: number | null;
  readonly content: string;
}): Priority => {
  const influential = message.verified || (message.followers ?? 0) >= MANY_FOLLOWERS;
  if (message.sentiment === "negative" && influential) return "urgent";
  if (message.sentiment === "negative" || influential) return "high";
  return isQuestion(message.content) ? "medium" : "low";
};

const QUESTION_START = /^(who|what|when|where|why|how|which|can|could|do|does|did|is|are|will|would|should|may)\b/i;

/** A question: it asks ("?"), or a sentence of it starts as questions do. */
export const isQuestion = (text: string) => text.includes("?") || text.split(/[.!\n]+/).some((sentence) => QUESTION_START.test(sentence.trim()));

/** Sentiment from a comparative score (score per word, AFINN scale): a clear lean either way, else neutral. */
export const sentimentOfScore = (comparative: number): Sentiment => (comparative >= 0.1 ? "positive" : comparative <= -0.1 ? "negative" : "neutral");

/** Quick reply templates (spec engagement §3 "Reply template"). */
/** Review responses (issue 12) are templates too, with placeholders filled for each review. */
export const TEMPLATE_CATEGORIES = ["gratitude", "sales", "support", "reviews"] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
export const TEMPLATE_TITLE_MAX = 80;
export const TEMPLATE_CONTENT_MAX = 2000;

export const TEMPLATE_MESSAGES = {
  title: `Give the template a title of 1 to ${TEMPLATE_TITLE_MAX} characters.`,
  content: `Write the template's text, at most ${TEMPLATE_CONTENT_MAX.toLocaleString("en-US")} characters.`,
  category: "Choose a category: gratitude, sales, support or reviews.",
} as const;

/** Meta lets a page answer a message only within 24 hours of it (messaging_type RESPONSE). */
export const DM_REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Whether Meta's 24 hours to answer a direct message have passed (the reply box says so before anyone writes). */
export const replyWindowClosed = (message: { readonly type: string; readonly platform: string; readonly sentAt: string }, now: Date) =>
  message.type === "dm" &&
  (message.platform === "facebook" || message.platform === "instagram") &&
  now.getTime() - Date.parse(message.sentAt) > DM_REPLY_WINDOW_MS;

export const INBOX_MESSAGES = {
  replyEmpty: "Write a reply first.",
  replyTooLong: (max: number, platform: string) => `${platform} takes replies of at most ${max.toLocaleString("en-US")} characters.`,
  replyPending: "A reply to this message is being sent. Wait for it before sending another.",
  dmWindowClosed: "Facebook and Instagram let a page answer a message only within 24 hours of it. Answer it from the Facebook or Instagram app instead.",
  archived: "This message is archived. Move it back to the inbox to answer it.",
  uncertain: "The platform did not confirm the reply before the connection was lost. Check on the platform before sending it again.",
  statusInvalid: "Choose a status: read or unread.",
  recipient: "Say who to write to: their username on the platform.",
  newMessageUnavailable: (platform: string) =>
    `${platform} doesn't let apps write to someone first. Start the conversation on ${platform}; their answer will reach the inbox.`,
  noDirectMessages: (platform: string, hasReviews: boolean) =>
    hasReviews
      ? `${platform} has no direct messages: people reach you there through reviews. Answer them from Reviews.`
      : `${platform} gives apps no direct messages to send or read.`,
} as const;
