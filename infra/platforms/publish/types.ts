import type { PlatformId } from "../../../domain/accounts/platforms";

/** One piece of media of a post, with its bytes (and its public address, for platforms that fetch media themselves). */
export interface PublishMedia {
  readonly bytes: Uint8Array;
  readonly mimeType: string;
  readonly alt?: string;
  readonly fileName: string;
  /**
   * Where the platform can download this file (https, public). Instagram, Threads, Google Business
   * Profile and TikTok photo posts only take media by address; the others upload the bytes.
   */
  readonly url?: string;
}

export interface PublishRequest {
  readonly text: string;
  readonly media: ReadonlyArray<PublishMedia>;
  readonly link?: string;
  /**
   * Per-platform options from the compose screen: firstComment, language, board, link, subreddit,
   * flair, nsfw, title, visibility, tags, categoryId, replyAudience, locationId, privacyLevel.
   */
  readonly options: Record<string, unknown>;
  /** A Business Profile post's type, its fields (spec core §3 businessData) and the locations it goes to. */
  readonly business?: {
    readonly postType: "standard" | "offer" | "event" | "product" | "announcement";
    readonly data: Readonly<Record<string, string>>;
    readonly locationIds: ReadonlyArray<string>;
  };
  /** Our stable id of this (post, account, occurrence): used as the platform's idempotency key where one exists, and to find an earlier attempt. */
  readonly idempotencyKey: string;
}

export interface Published {
  readonly platformPostId: string;
  readonly url: string | null;
  /**
   * Credentials to store instead of the ones given, when publishing renewed them (Bluesky rotates
   * its refresh JWT on every renewal). Absent when unchanged.
   */
  readonly credentials?: unknown;
  /** Things that went wrong after the post went out (e.g. the first comment was refused): show them, never retry for them. */
  readonly warnings?: ReadonlyArray<string>;
}

/** Throws PlatformError: invalid_credentials / refresh_failed / rejected (permanent), unavailable / rate_limited (retry). */
export type Publisher = (credentials: unknown, request: PublishRequest) => Promise<Published>;

export type Finder = (credentials: unknown, idempotencyKey: string) => Promise<Published | null>;

export interface PlatformPublisher {
  readonly platform: PlatformId;
  readonly publish: Publisher;
  /** Present where the platform lets us look an earlier attempt up by our key. */
  readonly find?: Finder;
}

/**
 * The stored credentials of an OAuth account (its TokenSet) plus what the scheduler knows of the
 * account: `externalId` (the platform's account id: Page id, Instagram user id, LinkedIn member id,
 * Business Profile account) and its `metadata` (Business Profile locations, LinkedIn URN). Missing
 * ids are looked up with the token.
 */
export interface OAuthCredentials {
  readonly accessToken: string;
  readonly externalId?: string | null;
  readonly metadata?: Record<string, unknown> | null;
}
