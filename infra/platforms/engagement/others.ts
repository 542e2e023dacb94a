import type { EngagementCounts } from "../../../domain/publishing/events";
import { callContext, count, invalidResponse, list, obj, str } from "../http";
import { type Classify, endpoints, linkedInRest, request, tokenOf } from "../publish/http";
import { type EngagementReader, inBatches, perPost } from "./read";

// --------------------------------------------------------------------------------------------- X

const x = callContext("twitter");
/** GET /2/tweets takes at most 100 ids. */
const X_BATCH = 100;

/** Retweets and quotes both spread the post: counted as shares. Deleted posts come back in `errors`, not `data`. */
export const readTwitter: EngagementReader = async (credentials, ids) => {
  const c = tokenOf(x, credentials);
  const base = endpoints("twitter").api;
  return inBatches(ids, X_BATCH, async (batch) => {
    const { body } = await request(x, `${base}/tweets?ids=${batch.map(encodeURIComponent).join(",")}&tweet.fields=public_metrics`, { bearer: c.accessToken });
    return list(body.data).flatMap((tweet) => {
      const id = str(tweet.id);
      const m = obj(tweet.public_metrics);
      return id ? [[id, { likes: count(m.like_count), shares: count(m.retweet_count) + count(m.quote_count), comments: count(m.reply_count) }] as const] : [];
    });
  });
};

// -------------------------------------------------------------------------------------- LinkedIn

const li = callContext("linkedin");
/** Rest.li batch ids go in the URL: a few at a time keeps it short. */
const LINKEDIN_BATCH = 20;

/**
 * Social Metadata's batch get (`ids=List(...)` of URL-encoded URNs, Rest.li 2.0): every reaction
 * type (like, praise, empathy, ...) counts as a like; LinkedIn gives no repost count there. Reading
 * a member's posts needs `r_member_social`, which LinkedIn grants to approved apps only.
 */
export const readLinkedIn: EngagementReader = async (credentials, ids) => {
  const c = tokenOf(li, credentials);
  const { rest, headers } = linkedInRest();
  return inBatches(ids, LINKEDIN_BATCH, async (batch) => {
    const { body } = await request(li, `${rest}/socialMetadata?ids=List(${batch.map(encodeURIComponent).join(",")})`, { bearer: c.accessToken, headers });
    const results = obj(body.results);
    return batch.flatMap((urn) => {
      if (!results[urn]) return [];
      const metadata = obj(results[urn]);
      const likes = Object.values(obj(metadata.reactionSummaries)).reduce<number>((sum, summary) => sum + count(obj(summary).count), 0);
      return [[urn, { likes, shares: 0, comments: count(obj(metadata.commentSummary).count) }] as const];
    });
  });
};

// ---------------------------------------------------------------------------------------- YouTube

const yt = callContext("youtube");
/** videos.list takes at most 50 ids. */
const YOUTUBE_BATCH = 50;

/** YouTube has no share count in the API; a hidden like count reads as 0. */
export const readYouTube: EngagementReader = async (credentials, ids) => {
  const c = tokenOf(yt, credentials);
  const base = endpoints("youtube").api;
  return inBatches(ids, YOUTUBE_BATCH, async (batch) => {
    const { body } = await request(yt, `${base}/videos?part=statistics&id=${batch.map(encodeURIComponent).join(",")}`, { bearer: c.accessToken });
    return list(body.items).flatMap((video) => {
      const id = str(video.id);
      const stats = obj(video.statistics);
      return id ? [[id, { likes: count(stats.likeCount), shares: 0, comments: count(stats.commentCount) }] as const] : [];
    });
  });
};

// -------------------------------------------------------------------------------------- Pinterest

const pin = callContext("pinterest");

/**
 * GET /v5/pins/{id}?pin_metrics=true: its lifetime metrics carry the reactions and comments (Pins
 * since March 2023). Saves are not among them (only in the date-bounded /pins/{id}/analytics), so
 * shares stay 0.
 */
export const readPinterest: EngagementReader = async (credentials, ids) => {
  const c = tokenOf(pin, credentials);
  const base = endpoints("pinterest").api;
  return perPost(ids, async (id) => {
    const { body } = await request(pin, `${base}/pins/${encodeURIComponent(id)}?pin_metrics=true`, { bearer: c.accessToken });
    const lifetime = obj(obj(body.pin_metrics).lifetime_metrics);
    return { likes: count(lifetime.reaction), shares: 0, comments: count(lifetime.comment) };
  });
};

// ----------------------------------------------------------------------------------------- Reddit

const rd = callContext("reddit");
/** /api/info takes up to 100 fullnames. */
const REDDIT_BATCH = 100;

/** A submission's fullname (t3_...): the publisher stores it so, but an id without its prefix is read too. */
const fullname = (id: string) => (id.startsWith("t3_") ? id : `t3_${id}`);

/** Likes are the score Reddit shows (upvotes less downvotes, never below 0 here); Reddit gives no share count. */
export const readReddit: EngagementReader = async (credentials, ids) => {
  const c = tokenOf(rd, credentials);
  const base = endpoints("reddit").api;
  return inBatches(ids, REDDIT_BATCH, async (batch) => {
    const byFullname = new Map(batch.map((id) => [fullname(id), id]));
    const { body } = await request(rd, `${base}/api/info?id=${[...byFullname.keys()].map(encodeURIComponent).join(",")}`, { bearer: c.accessToken });
    return list(obj(body.data).children).flatMap((child) => {
      const post = obj(child.data);
      const id = byFullname.get(str(post.name) ?? "");
      return id ? [[id, { likes: count(post.score), shares: 0, comments: count(post.num_comments) }] as const] : [];
    });
  });
};

// ----------------------------------------------------------------------------------------- TikTok

const tt = callContext("tiktok");
/** video/query takes at most 20 ids. */
const TIKTOK_BATCH = 20;
/** TikTok documents this exact value and refuses some requests without the charset. */
const JSON_UTF8 = { "content-type": "application/json; charset=UTF-8" };

/** TikTok may answer 200 with its own error code; the statuses it sends otherwise read as for any platform. */
const tiktokClassify: Classify = (status, body) => {
  const code = str(obj(body.error).code);
  return status >= 200 && status < 300 && code && code !== "ok" ? invalidResponse(tt, "an error", status) : undefined;
};

/** Video ids are int64: quoted before parsing, as a JSON number would lose their last digits. */
const videosOf = (text: string): Array<Record<string, unknown>> => {
  try {
    return list(obj(obj(JSON.parse(text.replace(/("id"\s*:\s*)(\d+)/g, '$1"$2"'))).data).videos);
  } catch {
    throw invalidResponse(tt, "videos");
  }
};

/**
 * Display API video/query (scope `video.list`). Only published video ids are asked: a publication
 * TikTok was still processing is stored under its publish id, which this cannot read.
 */
export const readTikTok: EngagementReader = async (credentials, ids) => {
  const c = tokenOf(tt, credentials);
  const base = endpoints("tiktok").api;
  return inBatches(
    ids.filter((id) => /^\d+$/.test(id)),
    TIKTOK_BATCH,
    async (batch) => {
      const answer = await request(
        tt,
        `${base}/video/query/?fields=id,like_count,comment_count,share_count`,
        { method: "POST", bearer: c.accessToken, headers: JSON_UTF8, json: { filters: { video_ids: batch } } },
        tiktokClassify,
      );
      return videosOf(answer.text).flatMap((video) => {
        const id = str(video.id);
        const counts: EngagementCounts = { likes: count(video.like_count), shares: count(video.share_count), comments: count(video.comment_count) };
        return id ? [[id, counts] as const] : [];
      });
    },
  );
};

// ------------------------------------------------------------------------------- Business Profile

// Google Business Profile local posts have no likes, shares or comments in its API (only views and
// clicks, through the Performance API): no reader, and Analytics keeps estimating them.
