import type { IncomingMessage, ReplyTarget } from "../../inbox/Inbox";
import { isAboutThePost } from "../engagement/read";

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
export type InboxReplier = (credentials: unknown, target: ReplyTarget) => Promise<{ readonly externalId: string | null; readonly url: string | null }>;

/** The post a platform id belongs to, when it is one of ours. */
export const ourPost = (posts: ReadonlyArray<OurPost>, platformPostId: string | null) =>
  platformPostId ? (posts.find((p) => p.platformPostId === platformPostId) ?? null) : null;

/** The later of two times as a cursor (ISO 8601 strings compare in time order when both are UTC). */
export const laterOf = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/** One post's read: a post the platform no longer has (deleted) reads as nothing; anything about the account (token, limit, outage) ends the poll. */
export const unlessGone = async <T>(read: () => Promise<ReadonlyArray<T>>): Promise<ReadonlyArray<T>> => {
  try {
    return await read();
  } catch (error) {
    if (isAboutThePost(error)) return [];
    throw error;
  }
};
