import type { IncomingMessage } from "./types";
import { callContext, count, fail, list, obj, str } from "../http";
import { endpoints, linkedInRest, request, tokenOf } from "../publish/http";
import { type InboxPoller, type InboxReplier, laterOf, ourPost, unlessGone } from "./types";

const isoOf = (v: unknown): string | null => {
  const parsed = typeof v === "string" ? Date.parse(v) : typeof v === "number" ? v : NaN;
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
};

// --------------------------------------------------------------------------------------------- X

const x = callContext("twitter");
const X_TWEET_FIELDS = "created_at,conversation_id,in_reply_to_user_id,referenced_tweets,public_metrics";
const X_USER_FIELDS = "name,username,verified,profile_image_url,public_metrics";

const xUserId = async (base: string, token: string, externalId: string | null | undefined) => {
  if (externalId) return externalId;
  const id = str(obj((await request(x, `${base}/users/me`, { bearer: token })).body.data).id);
  if (!id) throw fail(x, "invalid_response", "X sent no user id.");
  return id;
};

/**
 * GET /2/users/{id}/mentions with `since_id` (the newest id read before): an answer to one of the
 * account's posts is a comment, any other post naming it a mention. The first read takes the latest 100.
 */
export const pollTwitter: InboxPoller = async (credentials, { cursor, posts }) => {
  const c = tokenOf(x, credentials);
  const base = endpoints("twitter").api;
  const me = await xUserId(base, c.accessToken, c.externalId);
  const url = new URL(`${base}/users/${encodeURIComponent(me)}/mentions`);
  url.searchParams.set("max_results", "100");
  url.searchParams.set("tweet.fields", X_TWEET_FIELDS);
  url.searchParams.set("expansions", "author_id");
  url.searchParams.set("user.fields", X_USER_FIELDS);
  if (cursor) url.searchParams.set("since_id", cursor);
  const { body } = await request(x, url, { bearer: c.accessToken });
  const users = new Map(list(obj(body.includes).users).map((u) => [str(u.id), u]));
  const messages = list(body.data).flatMap((tweet): IncomingMessage[] => {
    const id = str(tweet.id);
    const text = str(tweet.text);
    const authorId = str(tweet.author_id);
    if (!id || !text || authorId === me) return [];
    const author = users.get(authorId) ?? {};
    const repliedTo = str(list(tweet.referenced_tweets).find((r) => r.type === "replied_to")?.id);
    const conversation = str(tweet.conversation_id);
    const post = ourPost(posts, repliedTo) ?? ourPost(posts, conversation);
    const isComment = post !== null || str(tweet.in_reply_to_user_id) === me;
    const username = str(author.username) ?? authorId ?? "unknown";
    return [
      {
        type: isComment ? "comment" : "mention",
        externalId: id,
        threadId: conversation,
        parentExternalId: repliedTo,
        postId: post?.postId ?? null,
        postTitle: post?.title ?? null,
        from: {
          name: str(author.name) ?? username,
          username,
          avatar: str(author.profile_image_url),
          verified: author.verified === true,
          followers: author.public_metrics ? count(obj(author.public_metrics).followers_count) : null,
        },
        content: text,
        sentAt: new Date(isoOf(tweet.created_at) ?? Date.now()),
        url: `https://x.com/${encodeURIComponent(username)}/status/${id}`,
        likes: count(obj(tweet.public_metrics).like_count),
      },
    ];
  });
  return { messages, cursor: str(obj(body.meta).newest_id) ?? cursor };
};

/**
 * A direct message (New Message) goes to the person named, by their id (GET /2/users/by/username),
 * through POST /2/dm_conversations/with/{id}/messages (scope dm.write).
 */
const directMessage = async (base: string, token: string, username: string, text: string) => {
  const person = str(obj((await request(x, `${base}/users/by/username/${encodeURIComponent(username)}`, { bearer: token })).body.data).id);
  if (!person) throw fail(x, "rejected", `X knows no account @${username}.`);
  const answer = await request(x, `${base}/dm_conversations/with/${encodeURIComponent(person)}/messages`, { bearer: token, json: { text } });
  const data = obj(answer.body.data);
  return { externalId: str(data.dm_event_id), url: str(data.dm_conversation_id) ? `https://x.com/messages/${str(data.dm_conversation_id)}` : null };
};

/** POST /2/tweets with `reply.in_reply_to_tweet_id`: the answer threads under the post answered. */
export const replyTwitter: InboxReplier = async (credentials, target) => {
  const c = tokenOf(x, credentials);
  const recipient = target.reference.recipientUsername;
  if (!target.isPublic && recipient) return directMessage(endpoints("twitter").api, c.accessToken, recipient, target.content);
  const answer = await request(x, `${endpoints("twitter").api}/tweets`, {
    bearer: c.accessToken,
    json: { text: target.content, reply: { in_reply_to_tweet_id: target.externalId } },
  });
  const id = str(obj(answer.body.data).id);
  if (!id) throw fail(x, "invalid_response", "X posted the reply but sent no id for it.");
  return { externalId: id, url: `https://x.com/i/web/status/${id}` };
};

// ---------------------------------------------------------------------------------------- YouTube

const yt = callContext("youtube");
/** Pages read per poll at most: 500 comments since the last read is more than a channel gets in two minutes. */
const YOUTUBE_PAGES = 5;

/**
 * commentThreads.list with `allThreadsRelatedToChannelId`, newest first, read until a comment older
 * than the cursor (the newest `publishedAt` read before); the answers shown under each thread too.
 * The channel's own comments are left out.
 */
export const pollYouTube: InboxPoller = async (credentials, { cursor, posts }) => {
  const c = tokenOf(yt, credentials);
  const base = endpoints("youtube").api;
  const channel = c.externalId;
  if (!channel) throw fail(yt, "invalid_credentials", "YouTube did not say which channel this is. Reconnect the account.");
  const messages: IncomingMessage[] = [];
  let newest = cursor;
  let pageToken: string | null = null;
  for (let page = 0; page < YOUTUBE_PAGES; page++) {
    const url = new URL(`${base}/commentThreads`);
    url.searchParams.set("part", "snippet,replies");
    url.searchParams.set("allThreadsRelatedToChannelId", channel);
    url.searchParams.set("order", "time");
    url.searchParams.set("maxResults", "100");
    url.searchParams.set("textFormat", "plainText");
    if (pageToken) url.searchParams.set("pageToken", pageToken);
    const { body } = await request(yt, url, { bearer: c.accessToken });
    let reachedCursor = false;
    for (const thread of list(body.items)) {
      const threadId = str(thread.id);
      const videoId = str(obj(thread.snippet).videoId);
      const top = obj(obj(thread.snippet).topLevelComment);
      const post = ourPost(posts, videoId);
      const comments = [top, ...list(obj(thread.replies).comments)];
      for (const comment of comments) {
        const id = str(comment.id);
        const s = obj(comment.snippet);
        const at = isoOf(s.publishedAt);
        const text = str(s.textOriginal) ?? str(s.textDisplay);
        if (!id || !at || !text || !threadId) continue;
        if (cursor && at <= cursor) {
          if (comment === top) reachedCursor = true;
          continue;
        }
        newest = laterOf(newest, at);
        if (str(obj(s.authorChannelId).value) === channel) continue;
        messages.push({
          type: "comment",
          externalId: id,
          threadId,
          parentExternalId: str(s.parentId),
          postId: post?.postId ?? null,
          postTitle: post?.title ?? null,
          from: {
            name: str(s.authorDisplayName) ?? "YouTube viewer",
            username: str(s.authorDisplayName) ?? "viewer",
            avatar: str(s.authorProfileImageUrl),
            verified: false,
            followers: null,
          },
          content: text,
          sentAt: new Date(at),
          url: videoId ? `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}&lc=${encodeURIComponent(id)}` : null,
          likes: count(s.likeCount),
          reference: { topLevelCommentId: str(top.id) ?? id },
        });
      }
    }
    pageToken = str(body.nextPageToken);
    // The first read takes one page; later ones read back to the cursor.
    if (!cursor || reachedCursor || !pageToken) break;
  }
  return { messages, cursor: newest };
};

/** comments.insert: an answer goes under the thread's top-level comment (YouTube threads one level deep). */
export const replyYouTube: InboxReplier = async (credentials, target) => {
  const c = tokenOf(yt, credentials);
  const parentId = target.reference.topLevelCommentId ?? target.externalId;
  const answer = await request(yt, `${endpoints("youtube").api}/comments?part=snippet`, {
    bearer: c.accessToken,
    json: { snippet: { parentId, textOriginal: target.content } },
  });
  const id = str(answer.body.id);
  if (!id) throw fail(yt, "invalid_response", "YouTube posted the reply but sent no id for it.");
  return { externalId: id, url: null };
};

// -------------------------------------------------------------------------------------- LinkedIn

const li = callContext("linkedin");

const linkedInAuthor = (c: { externalId?: string | null; metadata?: Record<string, unknown> | null }) =>
  str(c.metadata?.urn) ?? (c.externalId ? `urn:li:person:${c.externalId}` : null);

/**
 * socialActions/{post}/comments for each of the account's posts of the last 30 days (LinkedIn has no
 * account-wide read), keeping comments newer than the cursor (the newest `created.time` read before).
 * The account's own comments are left out.
 */
export const pollLinkedIn: InboxPoller = async (credentials, { cursor, posts }) => {
  const c = tokenOf(li, credentials);
  const { rest, headers } = linkedInRest();
  const me = linkedInAuthor(c);
  const messages: IncomingMessage[] = [];
  let newest = cursor;
  for (const post of posts) {
    const url = `${rest}/socialActions/${encodeURIComponent(post.platformPostId)}/comments?count=100`;
    for (const comment of await unlessGone(async () => list((await request(li, url, { bearer: c.accessToken, headers })).body.elements))) {
      const at = isoOf(obj(comment.created).time);
      const text = str(obj(comment.message).text);
      const actor = str(comment.actor);
      const urn = str(comment.commentUrn) ?? str(comment.$URN) ?? (str(comment.id) ? `urn:li:comment:(${post.platformPostId},${str(comment.id)})` : null);
      if (!at || !text || !urn || (cursor && at <= cursor)) continue;
      newest = laterOf(newest, at);
      if (actor === me) continue;
      const memberId = actor?.split(":").pop() ?? "member";
      messages.push({
        type: "comment",
        externalId: urn,
        threadId: post.platformPostId,
        parentExternalId: str(comment.parentComment),
        postId: post.postId,
        postTitle: post.title,
        from: {
          name: actor?.startsWith("urn:li:organization:") ? "A LinkedIn page" : "A LinkedIn member",
          username: memberId,
          avatar: null,
          verified: false,
          followers: null,
        },
        content: text,
        sentAt: new Date(at),
        url: `https://www.linkedin.com/feed/update/${post.platformPostId}`,
        likes: count(obj(comment.likesSummary).totalLikes),
        reference: { postUrn: post.platformPostId },
      });
    }
  }
  return { messages, cursor: newest };
};

/** A comment on the same post naming the comment answered (`parentComment`), as the account. */
export const replyLinkedIn: InboxReplier = async (credentials, target) => {
  const c = tokenOf(li, credentials);
  const { rest, headers } = linkedInRest();
  const actor = linkedInAuthor(c);
  const postUrn = target.reference.postUrn;
  if (!actor || !postUrn) throw fail(li, "rejected", "LinkedIn did not say which post this comment is on, so it can't be answered from here.");
  const answer = await request(li, `${rest}/socialActions/${encodeURIComponent(postUrn)}/comments`, {
    bearer: c.accessToken,
    headers,
    json: { actor, object: postUrn, parentComment: target.externalId, message: { text: target.content } },
  });
  return {
    externalId: str(answer.body.commentUrn) ?? str(answer.body.$URN) ?? answer.headers.get("x-restli-id"),
    url: `https://www.linkedin.com/feed/update/${postUrn}`,
  };
};
