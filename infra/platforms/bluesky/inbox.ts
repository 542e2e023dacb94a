import { callContext, fail } from "../http";
import type { IncomingMessage, InboxPoller, InboxReplier } from "../provider";
import { laterOf } from "../reads";
import { postReply, signIn } from "./publish";

const didOf = (uri: unknown) => (typeof uri === "string" && uri.startsWith("at://") ? uri.slice(5).split("/")[0]! : null);
const rkeyOf = (uri: string) => uri.split("/").pop()!;

export interface PostRecord {
  readonly text?: unknown;
  readonly createdAt?: unknown;
  readonly reply?: { readonly root?: { uri?: unknown; cid?: unknown }; readonly parent?: { uri?: unknown; cid?: unknown } };
  readonly facets?: ReadonlyArray<{ readonly features?: ReadonlyArray<{ readonly $type?: unknown; readonly did?: unknown }> }>;
  readonly embed?: { readonly $type?: unknown; readonly record?: { uri?: unknown; record?: { uri?: unknown } } };
}

/**
 * What a new post means for the accounts we follow (`ours`, by DID): a comment where it replies in a
 * thread of theirs, else a mention where it names or quotes them. Their own posts mean nothing.
 */
export const inboxMessagesOf = (
  post: { readonly did: string; readonly uri: string; readonly cid: string; readonly record: PostRecord; readonly handle: string | null },
  ours: ReadonlySet<string>,
): Array<{ readonly accountDid: string; readonly message: IncomingMessage }> => {
  const record = post.record;
  const text = typeof record.text === "string" ? record.text : "";
  const parentUri = typeof record.reply?.parent?.uri === "string" ? record.reply.parent.uri : null;
  const rootUri = typeof record.reply?.root?.uri === "string" ? record.reply.root.uri : null;
  const rootCid = typeof record.reply?.root?.cid === "string" ? record.reply.root.cid : null;
  const quoted = record.embed?.record?.uri ?? record.embed?.record?.record?.uri;
  const mentioned = (record.facets ?? []).flatMap((f) => (f.features ?? []).filter((x) => x.$type === "app.bsky.richtext.facet#mention").map((x) => x.did));
  const repliedTo = new Set([didOf(parentUri), didOf(rootUri)].filter((d): d is string => d !== null && ours.has(d)));
  const named = new Set([...mentioned, didOf(quoted)].filter((d): d is string => typeof d === "string" && ours.has(d)));
  const sentAt = typeof record.createdAt === "string" && !Number.isNaN(Date.parse(record.createdAt)) ? new Date(record.createdAt) : new Date();
  const base = {
    externalId: post.uri,
    parentExternalId: parentUri,
    postId: null,
    postTitle: null,
    from: { name: post.handle ?? post.did, username: post.handle ?? post.did, avatar: null, verified: false, followers: null },
    content: text,
    sentAt,
    url: `https://bsky.app/profile/${post.handle ?? post.did}/post/${rkeyOf(post.uri)}`,
    likes: 0,
    reference: { cid: post.cid, rootUri: rootUri ?? post.uri, rootCid: rootCid ?? post.cid },
  };
  const found = new Map<string, IncomingMessage>();
  for (const did of repliedTo) if (did !== post.did) found.set(did, { ...base, type: "comment", threadId: rootUri ?? post.uri });
  for (const did of named) if (did !== post.did && !found.has(did)) found.set(did, { ...base, type: "mention", threadId: rootUri ?? post.uri });
  return [...found].map(([accountDid, message]) => ({ accountDid, message }));
};

/** Notifications that are messages: someone answered, named or quoted the account. */
const REASONS = ["reply", "mention", "quote"];
/** Pages read back to the cursor at most: 500 notifications since the last read. */
const PAGES = 5;

/**
 * Catching up after downtime: `app.bsky.notification.listNotifications` (the PDS hands it to its
 * AppView), newest first, back to the newest notification read before (the cursor, its indexedAt).
 * The event stream brings the same posts when it runs; each is kept once either way.
 */
export const pollBluesky: InboxPoller = async (credentials, { cursor }) => {
  const signed = await signIn(credentials);
  const ours = new Set([signed.did]);
  const messages: IncomingMessage[] = [];
  let newest = cursor;
  let page: string | undefined;
  for (let i = 0; i < PAGES; i++) {
    const { data } = await signed.agent.app.bsky.notification.listNotifications({ limit: 100, reasons: REASONS, ...(page ? { cursor: page } : {}) });
    let reachedCursor = false;
    for (const notification of data.notifications) {
      const at = new Date(notification.indexedAt).toISOString();
      if (cursor && at <= cursor) {
        reachedCursor = true;
        continue;
      }
      newest = laterOf(newest, at);
      if (!REASONS.includes(notification.reason)) continue;
      const { author } = notification;
      for (const { message } of inboxMessagesOf(
        { did: author.did, uri: notification.uri, cid: notification.cid, record: notification.record as never, handle: author.handle },
        ours,
      )) {
        messages.push({ ...message, from: { ...message.from, name: author.displayName?.trim() || author.handle, avatar: author.avatar ?? null } });
      }
    }
    page = data.cursor;
    if (!cursor || reachedCursor || !page) break;
  }
  return { messages, cursor: newest, ...(signed.changed() ? { credentials: signed.credentials() } : {}) };
};

/** An answer threaded under the message (reply.root, reply.parent), under a record key from the reply's id: a second attempt finds the first. */
export const replyBluesky: InboxReplier = async (credentials, target) => {
  const { cid, rootUri, rootCid } = target.reference;
  if (!cid || !rootUri || !rootCid) {
    throw fail(callContext("bluesky"), "rejected", "Bluesky did not say where this post sits in its thread, so the reply can't be threaded.");
  }
  const published = await postReply(credentials, {
    idempotencyKey: `reply:${target.replyId}`,
    text: target.content,
    parent: { uri: target.externalId, cid },
    root: { uri: rootUri, cid: rootCid },
  });
  return { externalId: published.platformPostId, url: published.url, ...(published.credentials !== undefined ? { credentials: published.credentials } : {}) };
};
