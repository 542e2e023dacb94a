import { Schema } from "effect";
import type { PlatformId } from "../../domain/accounts/platforms";

/** What a platform's token endpoint granted. Secrets: store encrypted, never log. */
export interface TokenSet {
  readonly accessToken: string;
  /** null when the platform grants none (e.g. LinkedIn for most apps): the account reconnects when the access expires. */
  readonly refreshToken: string | null;
  /** null when the platform does not say (the token is then treated as long-lived). */
  readonly expiresAt: Date | null;
  /** The scopes granted, as the platform wrote them (space or comma separated). */
  readonly scope?: string | null;
}

/** The connected account as the platform describes it. */
export interface PlatformProfile {
  /** The platform's stable id of the account (user, page, channel, DID, ...). */
  readonly externalId: string;
  readonly accountName: string;
  readonly username: string | null;
  readonly avatarUrl: string | null;
  readonly followers: number;
  readonly profileUrl: string | null;
  /** Non-secret extras (page lists, locations, URNs): safe to show to the user. */
  readonly metadata?: Record<string, unknown>;
}

export interface OAuthPlatform {
  readonly platform: PlatformId;
  /** Env variables to set; empty when configured. */
  readonly missingVariables: () => ReadonlyArray<string>;
  readonly authorizationUrl: (input: { state: string; codeVerifier: string; redirectUri: string }) => URL;
  readonly exchangeCode: (input: { code: string; codeVerifier: string; redirectUri: string }) => Promise<TokenSet>;
  /** Throws PlatformError of kind "refresh_failed" (reconnect needed) or "unavailable" (try again later). */
  readonly refresh: (refreshToken: string) => Promise<TokenSet>;
  readonly fetchProfile: (tokens: TokenSet) => Promise<PlatformProfile>;
}

export const PLATFORM_ERROR_KINDS = [
  /** The platform refused what the user gave or granted (code, password, token): connect again. */
  "invalid_credentials",
  /** The platform refused to renew access: the account needs reconnecting. */
  "refresh_failed",
  /** The platform could not be reached, failed, timed out or rate-limited us: try again later. */
  "unavailable",
  /** The platform answered something we cannot read. */
  "invalid_response",
  /** Access works but the account cannot be used here (no Facebook Page, no YouTube channel, no Business Profile). */
  "not_eligible",
  /** The platform refused the content itself (too long, media type, missing board or subreddit): permanent, do not retry. */
  "rejected",
  /** The platform limits our requests for now: retry after `retryAfterSeconds` when it said, else with backoff. */
  "rate_limited",
] as const;
export type PlatformErrorKind = (typeof PLATFORM_ERROR_KINDS)[number];

/**
 * A platform call failed. `message` is written for the user and never holds a token or secret;
 * `status` and `code` (the platform's HTTP status and error code, e.g. invalid_grant) are for logs.
 */
export class PlatformError extends Schema.TaggedError<PlatformError>()("PlatformError", {
  platform: Schema.String,
  kind: Schema.Literals(PLATFORM_ERROR_KINDS),
  message: Schema.String,
  status: Schema.optional(Schema.Number),
  code: Schema.optional(Schema.String),
  /** With "rate_limited": how long the platform asked us to wait, when it said. */
  retryAfterSeconds: Schema.optional(Schema.Number),
}) {}

export const isPlatformError = (error: unknown): error is PlatformError => error instanceof PlatformError;
