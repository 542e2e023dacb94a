/**
 * RSS auto-posting (spec engagement §2, §3, §5): a feed's settings, how its items become post text,
 * and when it is read and posted again.
 */

export const POSTING_SCHEDULES = ["immediate", "daily", "weekly"] as const;
export type PostingSchedule = (typeof POSTING_SCHEDULES)[number];

export const POSTING_SCHEDULE_LABELS: Readonly<Record<PostingSchedule, string>> = {
  immediate: "Immediately",
  daily: "Once a day",
  weekly: "Once a week",
};

/** What a new item becomes: a post that goes out on the feed's schedule, or a draft a person sends. */
export const FEED_DELIVERIES = ["schedule", "draft"] as const;
export type FeedDelivery = (typeof FEED_DELIVERIES)[number];

export const DEFAULT_POST_TEMPLATE = "New post: {title}\n\n{url}";
export const FEED_NAME_MAX = 100;
export const POST_TEMPLATE_MAX = 2_000;

export const FEED_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `Keep the name to ${FEED_NAME_MAX} characters.`,
  urlRequired: "URL is required",
  urlInvalid: "Please enter a valid URL",
  templateTooLong: `Keep the post template to ${POST_TEMPLATE_MAX.toLocaleString("en-US")} characters.`,
  templateBlank: "Write the post template, e.g. New post: {title} and {url}.",
  noTargets: "Choose at least one account or platform to post to.",
  addFailed: "Failed to add RSS feed. Please check the URL and try again.",
  notAFeed: "This address answers, but not with an RSS, Atom, RDF or JSON feed.",
  duplicate: "This feed is already added.",
  alreadyPosted: "This item of the feed was posted already.",
} as const;

/** Read again no sooner than 5 minutes and no later than a day, whatever the feed asks. */
export const MIN_POLL_MS = 5 * 60_000;
export const MAX_POLL_MS = 24 * 60 * 60_000;
export const DEFAULT_POLL_MS = 30 * 60_000;

/** How long to wait before the next read: the feed's Cache-Control max-age or RSS `ttl` (minutes), kept within 5 minutes and a day. */
export const pollIntervalMs = (asked: { readonly maxAgeSeconds?: number | null; readonly ttlMinutes?: number | null }): number => {
  const ms = asked.maxAgeSeconds != null ? asked.maxAgeSeconds * 1000 : asked.ttlMinutes != null ? asked.ttlMinutes * 60_000 : DEFAULT_POLL_MS;
  return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, Number.isFinite(ms) ? ms : DEFAULT_POLL_MS));
};

/** An item as a feed gave it, its HTML already turned into text. */
export interface FeedItem {
  readonly guid: string | null;
  readonly link: string | null;
  readonly title: string;
  readonly description: string;
  readonly publishedAt: string | null;
  /** A hash of its title and text, for the feeds that give neither guid nor link. */
  readonly contentHash: string;
}

/** The one key an item is kept under: its guid, else its link, else its content. */
export const itemKeyOf = (item: Pick<FeedItem, "guid" | "link" | "contentHash">): string =>
  item.guid ? `guid:${item.guid}` : item.link ? `link:${item.link}` : `hash:${item.contentHash}`;

const ELLIPSIS = "…";
const cut = (text: string, length: number) => (text.length <= length ? text : length <= 1 ? "" : `${text.slice(0, length - 1).trimEnd()}${ELLIPSIS}`);

const fill = (template: string, values: { title: string; url: string; description: string }) =>
  template.replace(/\{(title|url|description)\}/g, (_, name: keyof typeof values) => values[name]);

/**
 * The post text of an item: the template with {title}, {url} and {description} filled in, within
 * `limit` characters (the smallest of the chosen platforms'). The description gives way first, then
 * the title; the address is never cut.
 */
export const postTextOf = (template: string, item: Pick<FeedItem, "title" | "link" | "description">, limit: number): string => {
  const values = { title: item.title.trim(), url: item.link ?? "", description: item.description.trim() };
  const full = fill(template, values).trim();
  if (full.length <= limit) return full;
  const without = (patch: Partial<typeof values>) => fill(template, { ...values, ...patch }).trim();
  const room = (patch: Partial<typeof values>) => limit - without(patch).length;
  const descriptionRoom = room({ description: "" });
  if (descriptionRoom >= 20 || (descriptionRoom >= 0 && !template.includes("{title}"))) {
    return without({ description: cut(values.description, Math.max(0, descriptionRoom)) });
  }
  const titleRoom = room({ description: "", title: "" });
  return cut(without({ description: "", title: cut(values.title, Math.max(0, titleRoom)) }), limit);
};

/** How long a feed on this schedule waits after a post before the next one (immediate: not at all). */
export const POSTING_GAP_MS: Readonly<Record<PostingSchedule, number>> = {
  immediate: 0,
  daily: 24 * 60 * 60_000,
  weekly: 7 * 24 * 60 * 60_000,
};

/** Whether a feed may post again now, its last post made at `lastPostedAt`. */
export const mayPostNow = (schedule: PostingSchedule, lastPostedAt: Date | null, now: Date): boolean =>
  lastPostedAt === null || now.getTime() - lastPostedAt.getTime() >= POSTING_GAP_MS[schedule];
