import { endpoints, request, tokenOf } from "../call";
import { callContext, count, list, obj, str } from "../http";
import type { EngagementReader } from "../provider";
import { inBatches } from "../reads";
import { youtube } from "./oauth";

const yt = callContext("youtube");
/** videos.list takes at most 50 ids. */
const YOUTUBE_BATCH = 50;

/** YouTube has no share count in the API; a hidden like count reads as 0. */
export const readYouTube: EngagementReader = async (credentials, ids) => {
  const c = tokenOf(yt, credentials);
  const base = endpoints(youtube).api;
  return inBatches(ids, YOUTUBE_BATCH, async (batch) => {
    const { body } = await request(yt, `${base}/videos?part=statistics&id=${batch.map(encodeURIComponent).join(",")}`, { bearer: c.accessToken });
    return list(body.items).flatMap((video) => {
      const id = str(video.id);
      const stats = obj(video.statistics);
      return id ? [[id, { likes: count(stats.likeCount), shares: 0, comments: count(stats.commentCount) }] as const] : [];
    });
  });
};

// Google Business Profile local posts have no likes, shares or comments in its API (only views and
// clicks, through the Performance API): no reader, and Analytics keeps estimating them.
