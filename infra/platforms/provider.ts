import type { PlatformId } from "../../domain/accounts/platforms";
import type { MessageType } from "../../domain/inbox";
import type { EngagementCounts } from "../../domain/publishing/events";
import type { BlueskyConnection } from "./bluesky/connect";
import type { DiscordCredentials } from "./discord/webhook";
import type { TelegramConnection } from "./telegram/connect";
import type { PlatformProfile } from "./types";
import type { ListingResult } from "./listings/listing";
import type { OAuthDefinition } from "./oauth";

/**
 * The provider contract: what a provider (a folder of infra/platforms) may do for each platform it
 * serves, one capability a field, each typed. A provider answers `Provider`; the registry
 * (providers.ts) lists them, and every caller (publishing, the inbox, reviews, accounts) asks it.
 * Capabilities a platform's API does not offer are absent, never stubs.
 */
export interface Provider {
  /** The folder's name: bluesky, meta, x, google, ... */
  readonly id: string;
  /** The platforms it serves, by the catalogue's ids (domain/accounts/platforms.ts). */
  readonly platforms: { readonly [P in PlatformId]?: PlatformAdapter };
}

export interface PlatformAdapter {
  /** How an account is connected: matches the catalogue's `connection` of the platform. */
  readonly connect: Connect;
  readonly publish?: PublishCapability;
  readonly inbox?: InboxCapability;
  /** Reads the likes, shares and comments of published posts. */
  readonly engagement?: EngagementReader;
  /** Reads the account's followers (subscribers) now, where connecting is the only other time they are read (Telegram). */
  readonly audience?: AudienceReader;
  readonly reviews?: ReviewsCapability;
}

export type Connect =
  /** The platform's OAuth 2 flow (tokens kept encrypted, refreshed by a job). */
  | { readonly kind: "oauth"; readonly definition: OAuthDefinition }
  /** Handle or email and app password against a PDS. */
  | { readonly kind: "bluesky"; readonly connect: (input: { identifier: string; appPassword: string; service?: string | null }) => Promise<BlueskyConnection> }
  /** A bot's token and the channel it administers (Telegram). */
  | { readonly kind: "telegram"; readonly connect: (input: { botToken: string; chatId: string }) => Promise<TelegramConnection> }
  /** A channel's webhook address (Discord). */
  | { readonly kind: "discord"; readonly connect: (input: { webhookUrl: string }) => Promise<{ readonly profile: PlatformProfile; readonly credentials: DiscordCredentials }> }
  /** OAuth with the instance the person names, the app registering itself there (Mastodon): infra/accounts runs it with ./mastodon/connect.ts. */
  | { readonly kind: "instance"; readonly flow: InstanceFlow }
  /** The public profile address only. */
  | { readonly kind: "listing"; readonly validate: (url: string) => ListingResult };

/**
 * The steps of connecting to an instance the person names (Mastodon): the accounts module keeps
 * each instance's app registration (and limits) and the flow's cookie; these make the calls.
 */
export interface InstanceFlow {
  /** The instance's origin from what the person typed, or the sentence saying what to type. */
  readonly parse: (input: string | null | undefined) => { readonly ok: true; readonly origin: string; readonly host: string } | { readonly ok: false; readonly message: string };
  /** Registers this server's app at the instance for `redirectUri`. */
  readonly register: (origin: string, redirectUri: string, website: string) => Promise<{ readonly clientId: string; readonly clientSecret: string }>;
  readonly authorizationUrl: (input: {
    origin: string;
    app: { readonly clientId: string; readonly clientSecret: string };
    redirectUri: string;
    state: string;
    codeChallenge: string;
  }) => URL;
  /** The access token for the code and the PKCE verifier. */
  readonly exchangeCode: (input: {
    origin: string;
    app: { readonly clientId: string; readonly clientSecret: string };
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }) => Promise<string>;
  readonly readAccount: (origin: string, accessToken: string) => Promise<PlatformProfile>;
  /** The instance's characters and attachments per post (its defaults where it does not say). */
  readonly readLimits: (origin: string) => Promise<{ readonly maxCharacters: number; readonly maxMedia: number }>;
}

export interface PublishCapability {
  readonly publish: Publisher;
  /** Present where the platform lets us look an earlier attempt up by our key. */
  readonly find?: Finder;
}

export interface InboxCapability {
  /** Reads what people wrote since a cursor; absent where messages arrive otherwise (webhook, event stream). */
  readonly poll?: InboxPoller;
  /** Whether `poll` can run on this server now (Bluesky: only with an AppView); absent: always. */
  readonly polls?: () => boolean;
  readonly reply?: InboxReplier;
}

export interface ReviewsCapability {
  /** Whether this server can read the site's reviews now (Yelp: YELP_API_KEY); absent: with the account's token. */
  readonly readable?: () => boolean;
  /** Whether a response can be posted through the site's API now (Yelp: YELP_R2R_ACCESS_TOKEN); absent: always. */
  readonly respondable?: () => boolean;
  /**
   * Posts (or replaces) the owner's response under a review. `credentials`: the account's (Google);
   * a site answered with the server's own access (Yelp's partner token) is given null and says so
   * with `respondsAs: "server"`.
   */
  readonly respond: (credentials: OAuthCredentials | null, reviewExternalId: string, text: string) => Promise<{ readonly text: string; readonly at: string }>;
  readonly respondsAs: "account" | "server";
  /** Removes the response on the site, where its API can. */
  readonly deleteResponse?: (credentials: OAuthCredentials, reviewExternalId: string) => Promise<void>;
}

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

// ------------------------------------------------------------------------------------- inbox

/** Who wrote a message, as far as the platform says. */
export interface Sender {
  readonly name: string;
  readonly username: string;
  readonly avatar: string | null;
  readonly verified: boolean;
  readonly followers: number | null;
}

/** A message as a platform (or the sandbox) hands it over, before the inbox keeps it. */
export interface IncomingMessage {
  readonly type: MessageType;
  readonly externalId: string;
  readonly threadId: string | null;
  readonly parentExternalId: string | null;
  readonly postId: string | null;
  readonly postTitle: string | null;
  readonly from: Sender;
  readonly content: string;
  readonly sentAt: Date;
  readonly url: string | null;
  readonly likes: number;
  readonly reference?: Readonly<Record<string, string>>;
}

/** What the platform is asked: a reply to one of its messages. */
export interface ReplyTarget {
  readonly replyId: string;
  readonly accountId: string;
  readonly platform: string;
  readonly content: string;
  readonly isPublic: boolean;
  /** The platform's id of the message answered. */
  readonly externalId: string;
  readonly reference: Readonly<Record<string, string>>;
  /** The platform's id of the account answering, and what was learnt of it at connection (LinkedIn's URN): OAuth calls take them with the token. */
  readonly account: { readonly externalId: string | null; readonly metadata: Readonly<Record<string, unknown>> | null };
}

/** One of the account's posts published from here, by the platform's id: comments on it are linked to it. */
export interface OurPost {
  readonly platformPostId: string;
  readonly postId: string;
  readonly title: string | null;
}

export interface PollRequest {
  /** Where the previous read stopped (the platform's since id, or the time of the newest message read); null on the first read. */
  readonly cursor: string | null;
  /** The account's posts of the last 30 days: platforms without an account-wide read (LinkedIn, Threads) are read post by post. */
  readonly posts: ReadonlyArray<OurPost>;
}

export interface PollResult {
  readonly messages: ReadonlyArray<IncomingMessage>;
  /** Where the next read starts; the same cursor when nothing was new. */
  readonly cursor: string | null;
  /** Credentials to store instead, when reading renewed them (Bluesky's rotating refresh JWT). */
  readonly credentials?: unknown;
}

/**
 * Reads what people wrote to an account since `cursor`. `credentials` as for publishing: the stored
 * TokenSet plus the account's `externalId` and `metadata`. Throws PlatformError (rate_limited with
 * the seconds to wait where the platform says them).
 */
export type InboxPoller = (credentials: unknown, request: PollRequest) => Promise<PollResult>;

/** Sends a reply through the platform's documented call: its id and address there. Throws PlatformError. */
export type InboxReplier = (
  credentials: unknown,
  target: ReplyTarget,
) => Promise<{
  readonly externalId: string | null;
  readonly url: string | null;
  /** Credentials to store instead, when replying renewed them (Bluesky's rotating refresh JWT). */
  readonly credentials?: unknown;
}>;

// -------------------------------------------------------------------------------- engagement

/**
 * Reads the likes, shares and comments of an account's published posts, by the platform's post id
 * (`Published.platformPostId`). Posts the platform no longer has are left out of the answer.
 * `credentials` as for publishing: the stored TokenSet plus the account's `externalId` and `metadata`.
 * Throws PlatformError when the account cannot be read now (token refused, rate limit, outage).
 */
export type EngagementReader = (credentials: unknown, platformPostIds: ReadonlyArray<string>) => Promise<ReadonlyMap<string, EngagementCounts>>;

/** The account's followers or subscribers now; throws PlatformError (invalid_credentials when the account no longer works). */
export type AudienceReader = (credentials: unknown) => Promise<number>;

// ----------------------------------------------------------------------------------- reviews

/** A review as a site's API delivers it. */
export interface FetchedReview {
  /** Google: the review's resource name (accounts/{a}/locations/{l}/reviews/{r}); Yelp: the review id. */
  readonly externalId: string;
  /** Google: the location (locations/{l}); null for a site with one page. */
  readonly locationId: string | null;
  /** "A Google user" for an anonymous Google reviewer. */
  readonly reviewerName: string;
  readonly reviewerAvatar: string | null;
  /** 1 to 5. */
  readonly rating: number;
  /** "" for a rating without text. */
  readonly content: string;
  /** ISO instants. */
  readonly reviewedAt: string;
  readonly updatedAt: string;
  readonly url: string | null;
  /** The owner's response on the site, whoever wrote it. */
  readonly response: { readonly text: string; readonly at: string } | null;
}

/** A Business Profile location (Business Information API). */
export interface FetchedLocation {
  /** locations/{l} */
  readonly externalId: string;
  /** The location's title. */
  readonly name: string;
  /** Address lines, town, state or region, postal code, joined with ", ". */
  readonly address: string | null;
  /** metadata.hasVoiceOfMerchant: verified, and its owner speaks for it on Google. */
  readonly isVerified: boolean;
  /** The primary category's display name, then the additional ones. */
  readonly categories: ReadonlyArray<string>;
  readonly mapsUri: string | null;
}

export interface LocationReviews {
  /** Newest update first; only those updated after `since` (all when it is null). */
  readonly reviews: ReadonlyArray<FetchedReview>;
  readonly averageRating: number | null;
  readonly totalReviews: number;
  /** The newest update seen: where the next read stops. */
  readonly newest: string | null;
}

/** One day of a location's figures (Business Profile Performance API); 0 where Google has nothing. */
export interface PerformanceDay {
  /** YYYY-MM-DD */
  readonly day: string;
  /** Impressions on Maps, desktop and mobile. */
  readonly views: number;
  /** Impressions on Search, desktop and mobile. */
  readonly searches: number;
  readonly calls: number;
  readonly directions: number;
  readonly websiteClicks: number;
}
