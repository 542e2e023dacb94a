import type { PlatformId } from "../../domain/accounts/platforms";
import { bluesky } from "./bluesky";
import { google } from "./google";
import { linkedin } from "./linkedin";
import { listings } from "./listings";
import { mastodon } from "./mastodon";
import { meta } from "./meta";
import { makeOAuthPlatform, type OAuthDefinition } from "./oauth";
import { pinterest } from "./pinterest";
import type { AudienceReader, EngagementReader, Finder, InboxPoller, InboxReplier, PlatformAdapter, Provider, Published, Publisher, ReviewsCapability } from "./provider";
import { reddit } from "./reddit";
import { telegram } from "./telegram";
import { discord } from "./discord";
import { tiktok } from "./tiktok";
import type { OAuthPlatform } from "./types";
import { x } from "./x";
import { yelp } from "./yelp";

/**
 * The registry: every provider, once. A new platform is a folder answering `Provider` and one line
 * here; everything below is read from this list (providers.unit.test.ts checks that every catalogue
 * platform has exactly one provider and that each adapter keeps the contract).
 */
export const PROVIDERS: ReadonlyArray<Provider> = [bluesky, meta, x, linkedin, tiktok, pinterest, reddit, mastodon, google, telegram, discord, yelp, listings];

const ADAPTERS = new Map<PlatformId, PlatformAdapter>(
  PROVIDERS.flatMap((provider) => Object.entries(provider.platforms) as Array<[PlatformId, PlatformAdapter]>),
);

/** What SocialDesk can do with a platform, or null for an id no provider serves. */
export const adapterOf = (platform: PlatformId): PlatformAdapter | null => ADAPTERS.get(platform) ?? null;

/** The platforms having a capability, in the registry's order. */
const having = (has: (adapter: PlatformAdapter) => boolean): ReadonlyArray<PlatformId> =>
  [...ADAPTERS].filter(([, adapter]) => has(adapter)).map(([platform]) => platform);

// ----------------------------------------------------------------------------------------- connect

/** The OAuth platforms' definitions (their endpoints, scopes and profile reads). */
export const OAUTH_DEFINITIONS: ReadonlyArray<OAuthDefinition> = [...ADAPTERS.values()].flatMap((a) =>
  a.connect.kind === "oauth" ? [a.connect.definition] : [],
);

const OAUTH = new Map<PlatformId, OAuthPlatform>(OAUTH_DEFINITIONS.map((d) => [d.platform, makeOAuthPlatform(d)]));

/** The OAuth adapter of a platform, or null for platforms that connect otherwise (Bluesky, listings). */
export const oauthPlatform = (platform: PlatformId): OAuthPlatform | null => OAUTH.get(platform) ?? null;

// ----------------------------------------------------------------------------------------- publish

/** The publisher of a platform, or null where SocialDesk cannot publish (listings; sandbox accounts publish in-app). */
export const publisherFor = (platform: PlatformId): Publisher | null => adapterOf(platform)?.publish?.publish ?? null;

/** Platforms we can publish to. */
export const publishablePlatforms = (): ReadonlyArray<PlatformId> => having((a) => a.publish !== undefined);

/**
 * Where the platform lets us ask "did this post already go out?" (Bluesky: the record under the
 * key's rkey): answers the earlier result, else null. Null too where the platform offers no such
 * lookup: the scheduler's own record of the attempt is then all there is.
 */
export const findPublished = async (platform: PlatformId, credentials: unknown, idempotencyKey: string): Promise<Published | null> => {
  const find: Finder | undefined = adapterOf(platform)?.publish?.find;
  return find ? find(credentials, idempotencyKey) : null;
};

/** Whether `findPublished` can answer for this platform. */
export const canFindPublished = (platform: PlatformId): boolean => adapterOf(platform)?.publish?.find !== undefined;

// ------------------------------------------------------------------------------------------- inbox

const pollerOf = (adapter: PlatformAdapter | null): InboxPoller | null => {
  const inbox = adapter?.inbox;
  return inbox?.poll && (inbox.polls?.() ?? true) ? inbox.poll : null;
};

/** How a platform's inbox is read by polling now, or null (webhooks, the event stream, or no API). */
export const inboxPollerFor = (platform: PlatformId): InboxPoller | null => pollerOf(adapterOf(platform));
export const inboxPolledPlatforms = (): ReadonlyArray<PlatformId> => having((a) => pollerOf(a) !== null);
export const inboxReplierFor = (platform: PlatformId): InboxReplier | null => adapterOf(platform)?.inbox?.reply ?? null;

// -------------------------------------------------------------------------------------- engagement

/** How a platform's post figures are read, or null where the platform gives none (Analytics estimates them). */
export const engagementReaderFor = (platform: PlatformId): EngagementReader | null => adapterOf(platform)?.engagement ?? null;

/** The platforms whose figures a reader reads (Bluesky's are read with its session by the job itself). */
export const engagementReadablePlatforms = (): ReadonlyArray<PlatformId> => having((a) => a.engagement !== undefined);

/** How a platform's follower count is read again after connecting, or null (read at connection, or by the token refresh). */
export const audienceReaderFor = (platform: PlatformId): AudienceReader | null => adapterOf(platform)?.audience ?? null;
export const audienceReadablePlatforms = (): ReadonlyArray<PlatformId> => having((a) => a.audience !== undefined);

// ----------------------------------------------------------------------------------------- reviews

/** What a review site's API lets us do with its reviews (by a stored platform id), or null where they are entered and answered by hand. */
export const reviewSiteOf = (platform: string): ReviewsCapability | null => ADAPTERS.get(platform as PlatformId)?.reviews ?? null;
