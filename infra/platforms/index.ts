import { type ConnectionMethod, type Platform, PLATFORMS, type PlatformId } from "../../domain/accounts/platforms";
import { oauthPlatform } from "./providers";

/** What the rest of the app uses of the platforms: the registry's lookups, the contract's types, and connecting. */
export * from "./types";
export * from "./provider";
export {
  PROVIDERS,
  adapterOf,
  oauthPlatform,
  OAUTH_DEFINITIONS,
  publisherFor,
  findPublished,
  canFindPublished,
  publishablePlatforms,
  inboxPollerFor,
  inboxPolledPlatforms,
  inboxReplierFor,
  engagementReaderFor,
  engagementReadablePlatforms,
  audienceReaderFor,
  audienceReadablePlatforms,
  reviewSiteOf,
} from "./providers";
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
} from "./bluesky/connect";
export { blueskyRkey, type BlueskyCredentials } from "./bluesky/publish";
export { connectTelegram, telegramChatId, WRONG_BOT_TOKEN_MESSAGE, type TelegramCredentials } from "./telegram/connect";
export { connectDiscord, parseDiscordWebhook, UNKNOWN_WEBHOOK_MESSAGE, WEBHOOK_URL_HINT, type DiscordCredentials } from "./discord/webhook";
export { validateListingUrl, type ListingResult } from "./listings/listing";
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
