import type { PlatformId } from "../accounts/platforms";
import type { DomainEvent } from "../shared";
import type { RecurrenceRule } from "./recurrence";

/**
 * The post's status (spec core §3, §4: draft, scheduled, published) plus `publishing` while a
 * publication is in flight. A failed publication is not a status: the post returns to draft with
 * its `lastError` (the FAQ's promise), and the accounts that succeeded stay published.
 */
export type PostStatus = "draft" | "scheduled" | "publishing" | "published";
export const POST_TYPES = ["standard", "offer", "event", "product", "announcement"] as const;
export type PostType = (typeof POST_TYPES)[number];

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
  readonly productPrice?: string;
  readonly productUrl?: string;
}

/** One account the post goes out on. */
export interface PostTarget {
  readonly accountId: string;
  readonly platform: PlatformId;
}

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
  /** "24h" or a custom duration in hours. */
  readonly snapchat?: { readonly storyDuration?: "24h" | number };
}

/** What the author writes and chooses: the whole of it in PostDrafted and in each PostEdited. */
export interface PostContent {
  readonly content: string;
  /** Media URLs or media-library ids. */
  readonly media: ReadonlyArray<string>;
  readonly platforms: ReadonlyArray<PlatformId>;
  readonly targets: ReadonlyArray<PostTarget>;
  readonly postType: PostType;
  readonly businessData: BusinessData;
  readonly locationIds: ReadonlyArray<string>;
  readonly categoryId: string | null;
  readonly options: PlatformOptions;
}

/** One platform's figures (spec core §3: engagement per platform: likes, shares, comments). */
export interface EngagementCounts {
  readonly likes: number;
  readonly shares: number;
  readonly comments: number;
}

export type PostEvent =
  | DomainEvent<
      "PostDrafted",
      PostContent & { readonly postId: string; readonly workspaceId: string; readonly authorId: string; readonly timeZone: string }
    >
  | DomainEvent<"PostScheduled", { readonly scheduledAt: string; readonly timeZone: string }>
  | DomainEvent<"PostRescheduled", { readonly scheduledAt: string; readonly timeZone: string; readonly previousScheduledAt: string | null }>
  /** The whole content again; the target changes spelled out for the read model. */
  | DomainEvent<"PostEdited", PostContent & { readonly addedAccountIds: ReadonlyArray<string>; readonly removedAccountIds: ReadonlyArray<string> }>
  /**
   * A publication starts (now, or at its due time). `accountIds`: the targets it publishes to (those not
   * published yet). `dueAt` null for "post now"; `lateByMs` how late after `dueAt` it started.
   */
  | DomainEvent<
      "PostPublishRequested",
      {
        readonly requestedAt: string;
        readonly dueAt: string | null;
        readonly lateByMs: number;
        readonly occurrence: number;
        readonly accountIds: ReadonlyArray<string>;
      }
    >
  /** Recorded BEFORE calling the platform: a retry after a crash knows a post may exist there. */
  | DomainEvent<"PostPublishAttempted", { readonly accountId: string; readonly platform: PlatformId; readonly attempt: number; readonly attemptedAt: string }>
  | DomainEvent<
      "PostPublishedToAccount",
      {
        readonly accountId: string;
        readonly platform: PlatformId;
        readonly platformPostId: string;
        readonly url: string | null;
        readonly publishedAt: string;
        /** What went wrong after the post went out (a refused first comment, a thread cut short): shown, never retried. */
        readonly warnings?: ReadonlyArray<string>;
      }
    >
  | DomainEvent<
      "PostPublishFailedOnAccount",
      { readonly accountId: string; readonly platform: PlatformId; readonly reason: string; readonly permanent: boolean; readonly failedAt: string }
    >
  /** Every target is published. */
  | DomainEvent<"PostPublished", { readonly publishedAt: string; readonly occurrence: number }>
  /** The publication ended with failed accounts (always followed by PostReturnedToDrafts). */
  | DomainEvent<
      "PostPublishFailed",
      { readonly reason: string; readonly failedAccountIds: ReadonlyArray<string>; readonly publishedAccountIds: ReadonlyArray<string>; readonly occurrence: number }
    >
  | DomainEvent<"PostReturnedToDrafts", { readonly reason: string }>
  | DomainEvent<"PostDeleted", { readonly deletedAt: string }>
  | DomainEvent<"RecurrenceSet", { readonly rule: RecurrenceRule }>
  | DomainEvent<"RecurrenceCleared", Record<string, never>>
  /**
   * Figures fetched from one account's platform post. `engagement` is the post's whole per-platform
   * map after this fetch (accounts of one platform summed), so the read model needs this event only.
   */
  | DomainEvent<
      "PostEngagementRecorded",
      EngagementCounts & {
        readonly accountId: string;
        readonly platform: PlatformId;
        readonly engagement: Readonly<Record<string, EngagementCounts>>;
        readonly fetchedAt: string;
      }
    >
  /** A recurring post's next publication: back to scheduled, every target pending again. */
  | DomainEvent<"OccurrenceScheduled", { readonly scheduledAt: string; readonly occurrence: number; readonly accountIds: ReadonlyArray<string> }>;

export type PostEventType = PostEvent["type"];
export const postStreamId = (postId: string) => `post-${postId}`;
