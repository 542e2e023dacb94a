import { type ConnectionMethod, type Platform, PLATFORMS, type PlatformId } from "../../domain/accounts/platforms";
import { oauthPlatform } from "./oauth";

export * from "./types";
export { oauthPlatform, OAUTH_DEFINITIONS } from "./oauth";
export {
  connectBluesky,
  resumeBluesky,
  refreshBlueskyProfile,
  parseBlueskyService,
  DEFAULT_BLUESKY_SERVICE,
  INVALID_LOGIN_MESSAGE,
  MAIN_PASSWORD_MESSAGE,
  type BlueskySession,
  type BlueskyConnection,
} from "./bluesky";
export {
  publisherFor,
  findPublished,
  canFindPublished,
  publishablePlatforms,
  blueskyRkey,
  type PublishRequest,
  type PublishMedia,
  type Published,
  type Publisher,
  type OAuthCredentials,
  type BlueskyCredentials,
} from "./publish";
export { engagementReaderFor, engagementReadablePlatforms, type EngagementReader } from "./engagement";
export { validateListingUrl, type ListingResult } from "./listing";
export { encryptSecret, decryptSecret, SecretDecryptionError, SecretKeyError } from "./crypto";

export interface ConnectablePlatform {
  readonly id: PlatformId;
  readonly name: string;
  readonly category: Platform["category"];
  readonly connection: ConnectionMethod;
  /** Whether this server can connect it now; an OAuth platform needs its client id and secret. */
  readonly configured: boolean;
  /** What to set for it to be configured (shown on its card as "Not configured on this server"). */
  readonly missingVariables: ReadonlyArray<string>;
}

/**
 * Every catalogue platform with whether it can be connected here (read from the environment now).
 * The server's settings are the operator's business: for anyone else `missingVariables` stays empty,
 * and they read "Not available yet on this server".
 */
export const connectablePlatforms = (viewer: { readonly seesServerSettings: boolean } = { seesServerSettings: true }): ReadonlyArray<ConnectablePlatform> =>
  PLATFORMS.map((p) => {
    const missing = p.connection === "oauth" ? [...(oauthPlatform(p.id)?.missingVariables() ?? [])] : [];
    return {
      id: p.id,
      name: p.name,
      category: p.category,
      connection: p.connection,
      configured: missing.length === 0,
      missingVariables: viewer.seesServerSettings ? missing : [],
    };
  });
