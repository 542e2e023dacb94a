import type { IncomingMessage } from "../../inbox/Inbox";
import { inboxMessagesOf } from "../../inbox/bluesky-firehose";
import { signIn } from "../publish/bluesky";
import { type InboxPoller, laterOf } from "./types";

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
