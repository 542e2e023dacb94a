import { count, list, obj, str } from "../http";
import type { IncomingMessage, InboxPoller, InboxReplier } from "../provider";
import { isoOf, ourPost } from "../reads";
import { accessOf, arrayOf, mastodonCall, statusText } from "./api";

/** Notification ids grow: Mastodon's are numbers of any length, GoToSocial's ULIDs; both order by length, then character. */
const isLater = (a: string, b: string) => a.length > b.length || (a.length === b.length && a > b);

/**
 * `GET /api/v1/notifications?types[]=mention` since the newest notification read (`since_id`): an
 * answer to one of the account's posts is a comment, any other status naming it a mention. The
 * first read takes the latest 40.
 */
export const pollMastodon: InboxPoller = async (credentials, { cursor, posts }) => {
  const access = accessOf(credentials);
  const query = new URLSearchParams({ "types[]": "mention", limit: "40" });
  if (cursor) query.set("since_id", cursor);
  const notifications = list(arrayOf(await mastodonCall(access, `/api/v1/notifications?${query}`)));
  let newest = cursor;
  const messages = notifications.flatMap((n): IncomingMessage[] => {
    const id = str(n.id);
    if (id && (newest === null || isLater(id, newest))) newest = id;
    const status = obj(n.status);
    const statusId = str(status.id);
    if (n.type !== "mention" || !statusId) return [];
    const author = obj(n.account ?? status.account);
    const parent = str(status.in_reply_to_id);
    const post = ourPost(posts, parent);
    const acct = str(author.acct) ?? "unknown";
    return [
      {
        type: post ? "comment" : "mention",
        externalId: statusId,
        threadId: parent,
        parentExternalId: parent,
        postId: post?.postId ?? null,
        postTitle: post?.title ?? null,
        from: {
          name: str(author.display_name) ?? str(author.username) ?? acct,
          username: acct,
          avatar: str(author.avatar),
          verified: false,
          followers: author.followers_count === undefined ? null : count(author.followers_count),
        },
        content: statusText(status.content),
        sentAt: new Date(isoOf(status.created_at) ?? isoOf(n.created_at) ?? Date.now()),
        url: str(status.url) ?? str(status.uri),
        likes: count(status.favourites_count),
        // Whom to name in the reply, as Mastodon's own apps do, so the person is notified.
        reference: { acct },
      },
    ];
  });
  return { messages, cursor: newest };
};

/** `POST /api/v1/statuses` with `in_reply_to_id`, naming the person answered; our reply's id keeps a repeat from posting twice. */
export const replyMastodon: InboxReplier = async (credentials, target) => {
  const access = accessOf(credentials);
  const acct = target.reference.acct;
  const mention = acct && acct !== "unknown" ? `@${acct}` : null;
  const status = mention && !target.content.includes(mention) ? `${mention} ${target.content}` : target.content;
  const answer = await mastodonCall(access, "/api/v1/statuses", {
    method: "POST",
    headers: { "Idempotency-Key": target.replyId },
    json: { status, in_reply_to_id: target.externalId, ...(target.isPublic ? {} : { visibility: "direct" }) },
  });
  return { externalId: str(answer.body.id), url: str(answer.body.url) ?? str(answer.body.uri) };
};
