import { endpoints, request, tokenOf } from "../call";
import { callContext, fail, list, obj, str } from "../http";
import type { IncomingMessage, InboxPoller, InboxReplier } from "../provider";
import { laterOf, ourPost, unlessGone } from "../reads";
import { facebookPage, META_GRAPH_VERSION, metaClassify, THREADS_API_VERSION } from "./graph";
import { facebook, instagram, threads } from "./oauth";

/**
 * Meta's reply calls (Facebook Pages, Instagram, Threads) and the Threads read. Facebook and
 * Instagram messages arrive by webhook (meta-webhook.ts); a direct message is answered with
 * `messaging_type: RESPONSE`, which Meta accepts within 24 hours of the person's message (the inbox
 * refuses later ones before calling).
 */

/** Who wrote a direct message: the webhook keeps the sender's id. */
const recipientOf = (target: { readonly reference: Readonly<Record<string, string>> }) => target.reference.senderId ?? null;

const fb = callContext("facebook");
const fbClassify = metaClassify(fb);

/** A comment is answered under it (POST /{comment-id}/comments); a message through the Send API (POST /{page-id}/messages). */
export const replyFacebook: InboxReplier = async (credentials, target) => {
  const base = endpoints(facebook).api;
  const { pageId, token } = await facebookPage(credentials, base);
  if (target.isPublic) {
    const answer = await request(
      fb,
      `${base}/${encodeURIComponent(target.externalId)}/comments`,
      { bearer: token, form: { message: target.content } },
      fbClassify,
    );
    const id = str(answer.body.id);
    return { externalId: id, url: id ? `https://www.facebook.com/${id}` : null };
  }
  const recipient = recipientOf(target);
  if (!recipient) throw fail(fb, "rejected", "Facebook did not say who sent this message, so it can't be answered from here.");
  const answer = await request(
    fb,
    `${base}/${encodeURIComponent(pageId)}/messages`,
    { bearer: token, json: { recipient: { id: recipient }, messaging_type: "RESPONSE", message: { text: target.content } } },
    fbClassify,
  );
  return { externalId: str(answer.body.message_id), url: null };
};

const ig = callContext("instagram");
const igClassify = metaClassify(ig);

/** A comment is answered with POST /{comment-id}/replies; a message with POST /{ig-user-id}/messages. Mentions only on Instagram. */
export const replyInstagram: InboxReplier = async (credentials, target) => {
  const c = tokenOf(ig, credentials);
  const base = `${endpoints(instagram).api}/${META_GRAPH_VERSION}`;
  if (target.externalId.startsWith("mention:")) throw fail(ig, "rejected", "Instagram lets an account answer a mention only in the Instagram app.");
  if (target.isPublic) {
    const answer = await request(
      ig,
      `${base}/${encodeURIComponent(target.externalId)}/replies`,
      { bearer: c.accessToken, form: { message: target.content } },
      igClassify,
    );
    return { externalId: str(answer.body.id), url: null };
  }
  const recipient = recipientOf(target);
  if (!recipient) throw fail(ig, "rejected", "Instagram did not say who sent this message, so it can't be answered from here.");
  const answer = await request(
    ig,
    `${base}/${encodeURIComponent(c.externalId ?? "me")}/messages`,
    { bearer: c.accessToken, json: { recipient: { id: recipient }, messaging_type: "RESPONSE", message: { text: target.content } } },
    igClassify,
  );
  return { externalId: str(answer.body.message_id), url: null };
};

const th = callContext("threads");
const thClassify = metaClassify(th);
const THREADS_REPLY_FIELDS = "id,text,username,permalink,timestamp,replied_to,root_post,is_reply_owned_by_me";

const threadsMessage = (
  item: Record<string, unknown>,
  type: "comment" | "mention",
  post: { postId: string; title: string | null } | null,
): IncomingMessage | null => {
  const id = str(item.id);
  const text = str(item.text);
  const at = str(item.timestamp);
  if (!id || !text || !at || item.is_reply_owned_by_me === true) return null;
  const username = str(item.username) ?? "someone";
  return {
    type,
    externalId: id,
    threadId: str(obj(item.root_post).id),
    parentExternalId: str(obj(item.replied_to).id),
    postId: post?.postId ?? null,
    postTitle: post?.title ?? null,
    from: { name: username, username, avatar: null, verified: false, followers: null },
    content: text,
    sentAt: new Date(at),
    url: str(item.permalink),
    likes: 0,
  };
};

/**
 * The replies at any depth under each of the account's posts of the last 30 days (GET
 * {media-id}/conversation, newest first) and the posts naming the account (GET {user-id}/mentions),
 * newer than the cursor (the newest timestamp read before).
 */
export const pollThreads: InboxPoller = async (credentials, { cursor, posts }) => {
  const c = tokenOf(th, credentials);
  const base = `${endpoints(threads).api}/${THREADS_API_VERSION}`;
  const messages: IncomingMessage[] = [];
  let newest = cursor;
  const keep = (item: Record<string, unknown>, type: "comment" | "mention", post: { postId: string; title: string | null } | null) => {
    const at = str(item.timestamp) ? new Date(str(item.timestamp)!).toISOString() : null;
    if (!at || (cursor && at <= cursor)) return;
    newest = laterOf(newest, at);
    const message = threadsMessage(item, type, post);
    if (message) messages.push(message);
  };
  for (const post of posts) {
    const url = `${base}/${encodeURIComponent(post.platformPostId)}/conversation?fields=${THREADS_REPLY_FIELDS}&reverse=true`;
    for (const item of await unlessGone(async () => list((await request(th, url, { bearer: c.accessToken }, thClassify)).body.data)))
      keep(item, "comment", post);
  }
  const mentions = `${base}/${encodeURIComponent(c.externalId ?? "me")}/mentions?fields=id,text,username,permalink,timestamp,root_post`;
  for (const item of list((await request(th, mentions, { bearer: c.accessToken }, thClassify)).body.data)) {
    keep(item, "mention", ourPost(posts, str(obj(item.root_post).id)));
  }
  return { messages, cursor: newest };
};

/** A text post with `reply_to_id`, created then published as every Threads post is. */
export const replyThreads: InboxReplier = async (credentials, target) => {
  const c = tokenOf(th, credentials);
  const user = `${endpoints(threads).api}/${THREADS_API_VERSION}/${encodeURIComponent(c.externalId ?? "me")}`;
  const container = str(
    (
      await request(
        th,
        `${user}/threads`,
        { bearer: c.accessToken, form: { media_type: "TEXT", text: target.content, reply_to_id: target.externalId } },
        thClassify,
      )
    ).body.id,
  );
  if (!container) throw fail(th, "invalid_response", "Threads sent no media container id.");
  const id = str((await request(th, `${user}/threads_publish`, { bearer: c.accessToken, form: { creation_id: container } }, thClassify)).body.id);
  if (!id) throw fail(th, "invalid_response", "Threads published the reply but sent no id for it.");
  return { externalId: id, url: null };
};
