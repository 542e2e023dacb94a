import type { PlatformId } from "../../../domain/accounts/platforms";
import { replyFacebook, replyInstagram, pollThreads, replyThreads } from "./meta";
import { pollLinkedIn, pollTwitter, pollYouTube, replyLinkedIn, replyTwitter, replyYouTube } from "./others";
import type { InboxPoller, InboxReplier } from "./types";

export type { InboxPoller, InboxReplier, OurPost, PollRequest, PollResult } from "./types";

/** Platforms read by polling; Facebook and Instagram push by webhook, Bluesky by its event stream. */
const POLLERS: Partial<Record<PlatformId, InboxPoller>> = {
  twitter: pollTwitter,
  youtube: pollYouTube,
  linkedin: pollLinkedIn,
  threads: pollThreads,
};

/** Bluesky's reply is written by the inbox itself (infra/inbox/send-reply.ts), with its session rather than a token. */
const REPLIERS: Partial<Record<PlatformId, InboxReplier>> = {
  facebook: replyFacebook,
  instagram: replyInstagram,
  threads: replyThreads,
  twitter: replyTwitter,
  youtube: replyYouTube,
  linkedin: replyLinkedIn,
};

export const inboxPollerFor = (platform: PlatformId): InboxPoller | null => POLLERS[platform] ?? null;
export const inboxPolledPlatforms = (): ReadonlyArray<PlatformId> => Object.keys(POLLERS) as PlatformId[];
export const inboxReplierFor = (platform: PlatformId): InboxReplier | null => REPLIERS[platform] ?? null;
