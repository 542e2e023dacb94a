import type { PlatformId } from "../../../domain/accounts/platforms";
import { replyFacebook, replyInstagram, pollThreads, replyThreads } from "./meta";
import { pollLinkedIn, pollTwitter, pollYouTube, replyLinkedIn, replyTwitter, replyYouTube } from "./others";
import { pollBluesky } from "./bluesky";
import type { InboxPoller, InboxReplier } from "./types";

export type { IncomingMessage, InboxPoller, InboxReplier, OurPost, PollRequest, PollResult, ReplyTarget, Sender } from "./types";

/** Platforms read by polling; Facebook and Instagram push by webhook, Bluesky by its event stream (and its notifications, below). */
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

/**
 * Bluesky's notifications need an AppView: read only where BLUESKY_APPVIEW_URL says the network has
 * one (https://api.bsky.app on the public network); otherwise the event stream alone brings messages.
 */
const blueskyCatchUp = (env: NodeJS.ProcessEnv = process.env) => Boolean(env.BLUESKY_APPVIEW_URL?.trim());

export const inboxPollerFor = (platform: PlatformId): InboxPoller | null =>
  platform === "bluesky" ? (blueskyCatchUp() ? pollBluesky : null) : (POLLERS[platform] ?? null);
export const inboxPolledPlatforms = (): ReadonlyArray<PlatformId> => [
  ...(Object.keys(POLLERS) as PlatformId[]),
  ...(blueskyCatchUp() ? (["bluesky"] as const) : []),
];
export const inboxReplierFor = (platform: PlatformId): InboxReplier | null => REPLIERS[platform] ?? null;
