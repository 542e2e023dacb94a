import { request, tokenOf } from "../call";
import { callContext, count, fail, list, obj, str } from "../http";
import type { IncomingMessage, InboxPoller, InboxReplier } from "../provider";
import { isoOf, laterOf, unlessGone } from "../reads";
import { linkedInRest } from "./rest";

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
