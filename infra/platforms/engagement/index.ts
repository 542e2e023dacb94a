import type { PlatformId } from "../../../domain/accounts/platforms";
import { readFacebook, readInstagram, readThreads } from "./meta";
import { readLinkedIn, readPinterest, readReddit, readTikTok, readTwitter, readYouTube } from "./others";
import type { EngagementReader, PlatformEngagementReader } from "./read";

export type { EngagementReader } from "./read";

/** Google Business Profile is absent: its local posts have no engagement figures in the API. */
const READERS: ReadonlyArray<PlatformEngagementReader> = [
  { platform: "facebook", read: readFacebook },
  { platform: "instagram", read: readInstagram },
  { platform: "threads", read: readThreads },
  { platform: "twitter", read: readTwitter },
  { platform: "linkedin", read: readLinkedIn },
  { platform: "youtube", read: readYouTube },
  { platform: "pinterest", read: readPinterest },
  { platform: "reddit", read: readReddit },
  { platform: "tiktok", read: readTikTok },
];

const BY_PLATFORM = new Map<PlatformId, EngagementReader>(READERS.map((r) => [r.platform, r.read]));

/** How an OAuth platform's post figures are read, or null where the platform gives none (Analytics estimates them). */
export const engagementReaderFor = (platform: PlatformId): EngagementReader | null => BY_PLATFORM.get(platform) ?? null;

/** The OAuth platforms whose figures can be read. */
export const engagementReadablePlatforms = (): ReadonlyArray<PlatformId> => [...BY_PLATFORM.keys()];
