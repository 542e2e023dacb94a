import { endpoints, request, tokenOf } from "../call";
import { callContext, count, fail, list, obj, str } from "../http";
import type { IncomingMessage, InboxPoller, InboxReplier } from "../provider";
import { isoOf, laterOf, ourPost } from "../reads";
import { youtube } from "./oauth";

/** YouTube's comments (Business Profile brings reviews, read by google/reviews.ts). */

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
  const base = endpoints(youtube).api;
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
  const answer = await request(yt, `${endpoints(youtube).api}/comments?part=snippet`, {
    bearer: c.accessToken,
    json: { snippet: { parentId, textOriginal: target.content } },
  });
  const id = str(answer.body.id);
  if (!id) throw fail(yt, "invalid_response", "YouTube posted the reply but sent no id for it.");
  return { externalId: id, url: null };
};
