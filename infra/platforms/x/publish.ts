import { platformById } from "../../../domain/accounts/platforms";
import { blobOf, endpoints, isVideo, option, rateLimited, rejected, request, tokenOf, withLink } from "../call";
import { callContext, fail, obj, str } from "../http";
import type { Published, PublishRequest } from "../provider";
import { PlatformError } from "../types";
import { twitter } from "./oauth";

const x = callContext("twitter");
/** The compose screen's "who can reply" → POST /2/tweets reply_settings (absent: everyone). */
const REPLY_SETTINGS: Record<string, string> = {
  followers: "following",
  following: "following",
  verified: "verified",
  mentioned: "mentionedUsers",
  mentionedUsers: "mentionedUsers",
  subscribers: "subscribers",
};

export const publishTwitter = async (credentials: unknown, req: PublishRequest): Promise<Published> => {
  const c = tokenOf(x, credentials);
  const base = endpoints(twitter).api;
  const { maxImages } = platformById("twitter").posting;
  if (req.media.length > maxImages) throw rejected(x, `a post holds at most ${maxImages} images.`);
  // X answers a duplicate post with 403 "duplicate content": the content is refused, the token is fine.
  const classify = (status: number, body: Record<string, unknown>) =>
    status === 403 && /duplicate/i.test(JSON.stringify(body))
      ? rejected(x, "this exact text was already posted on this account.", { status, code: "duplicate" })
      : undefined;
  const mediaIds: string[] = [];
  for (const media of req.media) {
    const form = new FormData();
    form.set("media", blobOf(media), media.fileName);
    form.set("media_category", isVideo(media) ? "tweet_video" : media.mimeType === "image/gif" ? "tweet_gif" : "tweet_image");
    form.set("media_type", media.mimeType);
    const answer = await request(x, `${base}/media/upload`, { bearer: c.accessToken, multipart: form }, classify);
    const id = str(obj(answer.body.data).id) ?? str(answer.body.media_id_string);
    if (!id) throw fail(x, "invalid_response", "X sent no media id.");
    if (media.alt) {
      await request(x, `${base}/media/metadata`, { bearer: c.accessToken, json: { id, metadata: { alt_text: { text: media.alt.slice(0, 1000) } } } }, classify);
    }
    mediaIds.push(id);
  }
  const replies = REPLY_SETTINGS[option(req, "replyAudience", "whoCanReply") ?? ""];
  const tweet = async (text: string, extra: Record<string, unknown>) => {
    const answer = await request(
      x,
      `${base}/tweets`,
      { bearer: c.accessToken, json: { text, ...extra, ...(replies ? { reply_settings: replies } : {}) } },
      classify,
    );
    const id = str(obj(answer.body.data).id);
    if (!id) throw fail(x, "invalid_response", "X published the post but sent no id for it.");
    return id;
  };
  const id = await tweet(withLink(req), mediaIds.length ? { media: { media_ids: mediaIds } } : {});
  const published = { platformPostId: id, url: `https://x.com/i/web/status/${id}` };

  // The thread: each further post answers the one before it.
  const thread = Array.isArray(req.options.thread) ? req.options.thread.filter((p): p is string => typeof p === "string" && p.trim() !== "") : [];
  let previous = id;
  for (const [i, part] of thread.entries()) {
    try {
      previous = await tweet(part.trim(), { reply: { in_reply_to_tweet_id: previous } });
    } catch (error) {
      // The first post is out: a thread cut short must not make the scheduler publish it again.
      // Nothing tries the rest again, whatever a rate limit's message promises.
      const reason =
        error instanceof PlatformError ? (error.kind === "rate_limited" ? rateLimited(x, undefined).message : error.message) : "X could not be reached.";
      return { ...published, warnings: [`The thread stopped after ${i + 1} of ${thread.length + 1} posts: ${reason}`] };
    }
  }
  return published;
};
