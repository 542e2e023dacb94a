import type { EngagementCounts } from "../../../domain/publishing/events";
import { type Classify, endpoints, request, tokenOf } from "../call";
import { callContext, count, invalidResponse, list, obj, str } from "../http";
import type { EngagementReader } from "../provider";
import { inBatches } from "../reads";
import { tiktok } from "./oauth";

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
  const base = endpoints(tiktok).api;
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
