import { endpoints, request, tokenOf } from "../call";
import { callContext, count, fail, list, obj, str } from "../http";
import type { IncomingMessage, InboxPoller, InboxReplier } from "../provider";
import { isoOf, ourPost } from "../reads";
import { twitter } from "./oauth";

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
  const base = endpoints(twitter).api;
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
  if (!target.isPublic && recipient) return directMessage(endpoints(twitter).api, c.accessToken, recipient, target.content);
  const answer = await request(x, `${endpoints(twitter).api}/tweets`, {
    bearer: c.accessToken,
    json: { text: target.content, reply: { in_reply_to_tweet_id: target.externalId } },
  });
  const id = str(obj(answer.body.data).id);
  if (!id) throw fail(x, "invalid_response", "X posted the reply but sent no id for it.");
  return { externalId: id, url: `https://x.com/i/web/status/${id}` };
};
