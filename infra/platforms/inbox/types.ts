import type { MessageType } from "../../../domain/inbox";
import { isAboutThePost } from "../engagement/read";

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
