import { endpoints, request, tokenOf } from "../call";
import { callContext, count, list, obj, str } from "../http";
import type { EngagementReader } from "../provider";
import { inBatches } from "../reads";
import { twitter } from "./oauth";

const x = callContext("twitter");
/** GET /2/tweets takes at most 100 ids. */
const X_BATCH = 100;

/** Retweets and quotes both spread the post: counted as shares. Deleted posts come back in `errors`, not `data`. */
export const readTwitter: EngagementReader = async (credentials, ids) => {
  const c = tokenOf(x, credentials);
  const base = endpoints(twitter).api;
  return inBatches(ids, X_BATCH, async (batch) => {
    const { body } = await request(x, `${base}/tweets?ids=${batch.map(encodeURIComponent).join(",")}&tweet.fields=public_metrics`, { bearer: c.accessToken });
    return list(body.data).flatMap((tweet) => {
      const id = str(tweet.id);
      const m = obj(tweet.public_metrics);
      return id ? [[id, { likes: count(m.like_count), shares: count(m.retweet_count) + count(m.quote_count), comments: count(m.reply_count) }] as const] : [];
    });
  });
};
