import type { PlatformId } from "../../../domain/accounts/platforms";
import { findBluesky, publishBluesky } from "./bluesky";
import { OAUTH_PUBLISHERS } from "./oauth";
import type { Finder, PlatformPublisher, Published, Publisher } from "./types";

export * from "./types";
export { blueskyRkey, blueskyPostUrl, checkBlueskyPost, BLUESKY_MAX_GRAPHEMES, type BlueskyCredentials } from "./bluesky";
export { retryAfter, platformMessage } from "./http";

const PUBLISHERS = new Map<PlatformId, PlatformPublisher>(
  [{ platform: "bluesky" as const, publish: publishBluesky, find: findBluesky }, ...OAUTH_PUBLISHERS].map((p) => [p.platform, p]),
);

/** The publisher of a platform, or null where SocialDesk cannot publish (listings; sandbox accounts publish in-app). */
export const publisherFor = (platform: PlatformId): Publisher | null => PUBLISHERS.get(platform)?.publish ?? null;

/** Platforms we can publish to. */
export const publishablePlatforms = (): ReadonlyArray<PlatformId> => [...PUBLISHERS.keys()];

/**
 * Where the platform lets us ask "did this post already go out?" (Bluesky: the record under the
 * key's rkey): answers the earlier result, else null. Null too where the platform offers no such
 * lookup: the scheduler's own record of the attempt is then all there is.
 */
export const findPublished = async (platform: PlatformId, credentials: unknown, idempotencyKey: string): Promise<Published | null> => {
  const find: Finder | undefined = PUBLISHERS.get(platform)?.find;
  return find ? find(credentials, idempotencyKey) : null;
};

/** Whether `findPublished` can answer for this platform. */
export const canFindPublished = (platform: PlatformId): boolean => PUBLISHERS.get(platform)?.find !== undefined;
