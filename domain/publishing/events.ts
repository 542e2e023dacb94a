import { Schema } from "effect";
import { PLATFORM_IDS } from "../accounts/platforms";
import { defineEvents, type EventOf } from "../shared";
import { MONTHLY_ORDINALS } from "./recurrence";

/**
 * The post's status (spec core §3, §4: draft, scheduled, published) plus `publishing` while a
 * publication is in flight. A failed publication is not a status: the post returns to draft with
 * its `lastError` (the FAQ's promise), and the accounts that succeeded stay published.
 */
export type PostStatus = "draft" | "awaiting_approval" | "scheduled" | "publishing" | "published";
export const POST_TYPES = ["standard", "offer", "event", "product", "announcement"] as const;
export const PostType = Schema.Literals(POST_TYPES);
export type PostType = typeof PostType.Type;

const Platform = Schema.Literals(PLATFORM_IDS);

/** Spec core §3: businessData's optional strings (offers, events, products of Google Business posts). */
export interface BusinessData {
  readonly offerTitle?: string;
  readonly offerDescription?: string;
  readonly couponCode?: string;
  readonly validUntil?: string;
  readonly eventTitle?: string;
  readonly eventDate?: string;
  readonly eventLocation?: string;
  readonly productName?: string;
  /** A number since prices are checked (PRICE_MESSAGE); text in posts saved before. */
  readonly productPrice?: number | string;
  /** The price's currency (ISO 4217, PRICE_CURRENCIES); USD when absent. */
  readonly productCurrency?: string;
  readonly productUrl?: string;
}

/**
 * The API takes businessData as text fields and a product's price as a number (checked at the edge),
 * so the events hold whatever keys were sent: every one is kept on read, not only those named above.
 */
export const BusinessData = Schema.declare(
  (u: unknown): u is BusinessData =>
    typeof u === "object" &&
    u !== null &&
    !Array.isArray(u) &&
    Object.entries(u).every(([key, value]) => typeof value === "string" || (key === "productPrice" && typeof value === "number" && Number.isFinite(value))),
  { title: "BusinessData" },
);

/** One account the post goes out on. */
export const PostTarget = Schema.Struct({ accountId: Schema.String, platform: Platform });
export type PostTarget = typeof PostTarget.Type;

export type ReplyAudience = "everyone" | "followers" | "verified" | "mentioned";
export const BLUESKY_LANGUAGES = ["en", "es", "fr", "de", "ja", "pt"] as const;
export type BlueskyLanguage = (typeof BLUESKY_LANGUAGES)[number];

interface MetaOptions {
  readonly firstComment?: string;
  readonly reel?: boolean;
  readonly story?: boolean;
  readonly collaborator?: string;
  readonly location?: string;
}

/** The compose screen's per-platform option panels (spec core §3), sent, stored and used by the adapters. */
export interface PlatformOptions {
  readonly facebook?: MetaOptions;
  readonly instagram?: MetaOptions & { readonly link?: string };
  readonly tiktok?: {
    readonly collaborator?: string;
    readonly location?: string;
    readonly firstComment?: string;
    /** Who can see it; TikTok offers each account some of these (creator info). */
    readonly privacyLevel?: "PUBLIC_TO_EVERYONE" | "MUTUAL_FOLLOW_FRIENDS" | "FOLLOWER_OF_CREATOR" | "SELF_ONLY";
    readonly disableComment?: boolean;
    readonly disableDuet?: boolean;
    readonly disableStitch?: boolean;
  };
  readonly twitter?: { readonly thread?: ReadonlyArray<string>; readonly replyAudience?: ReplyAudience; readonly location?: string };
  readonly youtube?: {
    readonly title?: string;
    readonly visibility?: "public" | "unlisted" | "private";
    readonly tags?: ReadonlyArray<string>;
    readonly category?: string;
  };
  readonly pinterest?: { readonly board?: string; readonly link?: string };
  readonly reddit?: { readonly subreddit?: string; readonly flair?: string; readonly nsfw?: boolean };
  readonly bluesky?: { readonly language?: BlueskyLanguage };
  readonly threads?: { readonly replyAudience?: ReplyAudience };
  /** `contentWarning`: Mastodon's spoiler text, shown before the post. */
  readonly mastodon?: { readonly contentWarning?: string; readonly visibility?: "public" | "unlisted" | "private"; readonly language?: string };
  /** "24h" or a custom duration in hours. */
  readonly snapchat?: { readonly storyDuration?: "24h" | number };
}

const isObject = (u: unknown): u is object => typeof u === "object" && u !== null && !Array.isArray(u);

/**
 * The API takes options as any platform's panel of any option (text, number, switch, list; checked
 * at the edge, and only those of the chosen platforms further: `checkPlatformOptions`), so the events
 * hold more than the panels named above (other platforms, other options, other values): all kept on
 * read. A stricter schema would drop keys or refuse a post's whole stream.
 */
export const PlatformOptions = Schema.declare((u: unknown): u is PlatformOptions => isObject(u) && Object.values(u).every(isObject), {
  title: "PlatformOptions",
});

/** What the author writes and chooses: the whole of it in PostDrafted and in each PostEdited. */
export const PostContent = Schema.Struct({
  content: Schema.String,
  /** Media URLs or media-library ids. */
  media: Schema.Array(Schema.String),
  platforms: Schema.Array(Platform),
  targets: Schema.Array(PostTarget),
  postType: PostType,
  businessData: BusinessData,
  locationIds: Schema.Array(Schema.String),
  categoryId: Schema.NullOr(Schema.String),
  options: PlatformOptions,
});
export type PostContent = typeof PostContent.Type;

/** One platform's figures (spec core §3: engagement per platform: likes, shares, comments). */
export const EngagementCounts = Schema.Struct({ likes: Schema.Number, shares: Schema.Number, comments: Schema.Number });
export type EngagementCounts = typeof EngagementCounts.Type;

/** The shape of `RecurrenceRule` (./recurrence), as RecurrenceSet records it. */
const Weekday = Schema.Literals([0, 1, 2, 3, 4, 5, 6]);
const RecurrenceEnd = Schema.Union([
  Schema.Struct({ type: Schema.Literal("never") }),
  Schema.Struct({ type: Schema.Literal("after"), count: Schema.Number }),
  Schema.Struct({ type: Schema.Literal("on"), date: Schema.String }),
]);
export const RecurrenceRuleData = Schema.Union([
  Schema.Struct({ frequency: Schema.Literal("daily"), end: RecurrenceEnd }),
  Schema.Struct({ frequency: Schema.Literal("weekly"), weekdays: Schema.Array(Weekday), end: RecurrenceEnd }),
  Schema.Struct({ frequency: Schema.Literal("monthly"), ordinal: Schema.Literals(MONTHLY_ORDINALS), weekday: Weekday, end: RecurrenceEnd }),
]);

/** Events of a post's stream (`post-{id}`). */
export const postEvents = defineEvents({
  PostDrafted: Schema.Struct({
    ...PostContent.fields,
    postId: Schema.String,
    workspaceId: Schema.String,
    authorId: Schema.String,
    timeZone: Schema.String,
  }),
  PostScheduled: Schema.Struct({ scheduledAt: Schema.String, timeZone: Schema.String }),
  PostRescheduled: Schema.Struct({ scheduledAt: Schema.String, timeZone: Schema.String, previousScheduledAt: Schema.NullOr(Schema.String) }),
  /** The whole content again; the target changes spelled out for the read model. */
  PostEdited: Schema.Struct({
    ...PostContent.fields,
    addedAccountIds: Schema.Array(Schema.String),
    removedAccountIds: Schema.Array(Schema.String),
  }),
  /**
   * A publication starts (now, or at its due time). `accountIds`: the targets it publishes to (those not
   * published yet). `dueAt` null for "post now"; `lateByMs` how late after `dueAt` it started.
   */
  PostPublishRequested: Schema.Struct({
    requestedAt: Schema.String,
    dueAt: Schema.NullOr(Schema.String),
    lateByMs: Schema.Number,
    occurrence: Schema.Number,
    accountIds: Schema.Array(Schema.String),
  }),
  /**
   * "Publish now" of a post that had a time: its time becomes the moment it is published, so the
   * calendar, the queue and analytics show it then. The anchor of a repeating post stays (its next
   * occurrences keep their time of day).
   */
  PostMovedToNow: Schema.Struct({ scheduledAt: Schema.String, previousScheduledAt: Schema.String }),
  /** Recorded BEFORE calling the platform: a retry after a crash knows a post may exist there. */
  PostPublishAttempted: Schema.Struct({
    accountId: Schema.String,
    platform: Platform,
    attempt: Schema.Number,
    attemptedAt: Schema.String,
    /** Held back past its time by a platform's limit: how long, and which limit. */
    delayedByMs: Schema.optionalKey(Schema.Number),
    delayReason: Schema.optionalKey(Schema.String),
  }),
  PostPublishedToAccount: Schema.Struct({
    accountId: Schema.String,
    platform: Platform,
    platformPostId: Schema.String,
    url: Schema.NullOr(Schema.String),
    publishedAt: Schema.String,
    /** What went wrong after the post went out (a refused first comment, a thread cut short): shown, never retried. */
    warnings: Schema.optionalKey(Schema.Array(Schema.String)),
  }),
  /** A platform's limit holds the target back for longer than a job waits: its publication resumes at `until`. */
  PostPublishDelayed: Schema.Struct({ accountId: Schema.String, platform: Platform, until: Schema.String, reason: Schema.String }),
  PostPublishFailedOnAccount: Schema.Struct({
    accountId: Schema.String,
    platform: Platform,
    reason: Schema.String,
    permanent: Schema.Boolean,
    failedAt: Schema.String,
  }),
  /** Every target is published. */
  PostPublished: Schema.Struct({ publishedAt: Schema.String, occurrence: Schema.Number }),
  /** The publication ended with failed accounts (always followed by PostReturnedToDrafts). */
  PostPublishFailed: Schema.Struct({
    reason: Schema.String,
    failedAccountIds: Schema.Array(Schema.String),
    publishedAccountIds: Schema.Array(Schema.String),
    occurrence: Schema.Number,
  }),
  PostReturnedToDrafts: Schema.Struct({ reason: Schema.String }),
  /** A post of someone whose posts need approval, at the time they chose (null: as soon as it is approved). */
  PostSubmittedForApproval: Schema.Struct({ scheduledAt: Schema.NullOr(Schema.String), timeZone: Schema.String }),
  /**
   * An owner or admin approved it (who: the event's metadata), or a client through a share link (the
   * name they gave: `reviewer`); it is scheduled or published next, in the same append.
   */
  PostApproved: Schema.Struct({ approvedAt: Schema.String, reviewer: Schema.optionalKey(Schema.String) }),
  /** Sent back to its author as a draft, with what to change. */
  PostChangesRequested: Schema.Struct({ comment: Schema.String, reviewer: Schema.optionalKey(Schema.String) }),
  PostDeleted: Schema.Struct({ deletedAt: Schema.String }),
  RecurrenceSet: Schema.Struct({ rule: RecurrenceRuleData }),
  RecurrenceCleared: Schema.Struct({}),
  /**
   * Figures fetched from one account's platform post. `engagement` is the post's whole per-platform
   * map after this fetch (accounts of one platform summed), so the read model needs this event only.
   */
  PostEngagementRecorded: Schema.Struct({
    ...EngagementCounts.fields,
    accountId: Schema.String,
    platform: Platform,
    engagement: Schema.Record(Schema.String, EngagementCounts),
    fetchedAt: Schema.String,
  }),
  /** A recurring post's next publication: back to scheduled, every target pending again. */
  OccurrenceScheduled: Schema.Struct({ scheduledAt: Schema.String, occurrence: Schema.Number, accountIds: Schema.Array(Schema.String) }),
  /**
   * A published post of an evergreen category re-queued into the next free time slot: its `repeat`-th
   * of at most `maxRepeats`, published at `scheduledAt` as publication number `occurrence`, every target pending again.
   */
  PostRecycled: Schema.Struct({
    categoryId: Schema.String,
    categoryName: Schema.String,
    repeat: Schema.Number,
    maxRepeats: Schema.Number,
    scheduledAt: Schema.String,
    occurrence: Schema.Number,
    accountIds: Schema.Array(Schema.String),
  }),
});

export type PostEvent = EventOf<typeof postEvents.schemas>;
export type PostEventType = PostEvent["type"];
export const postStreamId = (postId: string) => `post-${postId}`;
