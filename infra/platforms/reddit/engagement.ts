import { endpoints, request, tokenOf } from "../call";
import { callContext, count, list, obj, str } from "../http";
import type { EngagementReader } from "../provider";
import { inBatches } from "../reads";
import { reddit } from "./oauth";

const rd = callContext("reddit");
/** /api/info takes up to 100 fullnames. */
const REDDIT_BATCH = 100;

/** A submission's fullname (t3_...): the publisher stores it so, but an id without its prefix is read too. */
const fullname = (id: string) => (id.startsWith("t3_") ? id : `t3_${id}`);

/** Likes are the score Reddit shows (upvotes less downvotes, never below 0 here); Reddit gives no share count. */
export const readReddit: EngagementReader = async (credentials, ids) => {
  const c = tokenOf(rd, credentials);
  const base = endpoints(reddit).api;
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
