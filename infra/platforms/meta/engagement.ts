import { callContext, count, list, obj } from "../http";
import { endpoints, request, tokenOf } from "../call";
import type { EngagementReader } from "../provider";
import { perPost } from "../reads";
import { facebookPage, META_GRAPH_VERSION, metaClassify, THREADS_API_VERSION } from "./graph";
import { facebook, instagram, threads } from "./oauth";

/**
 * Meta: one post per call (Graph's multiple-id read fails as a whole when one post was deleted).
 * Facebook reads with the Page token as the publisher writes; Instagram and Threads with the user's.
 */

const fb = callContext("facebook");
const fbClassify = metaClassify(fb);
/** Totals only: `.limit(0)` leaves the reactions and comments themselves out. */
const FACEBOOK_ENGAGEMENT_FIELDS = "reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares";

export const readFacebook: EngagementReader = async (credentials, ids) => {
  const base = endpoints(facebook).api;
  const { token } = await facebookPage(credentials, base);
  return perPost(ids, async (id) => {
    const { body } = await request(fb, `${base}/${encodeURIComponent(id)}?fields=${FACEBOOK_ENGAGEMENT_FIELDS}`, { bearer: token }, fbClassify);
    return {
      likes: count(obj(obj(body.reactions).summary).total_count),
      // Facebook leaves `shares` out of a post nobody shared.
      shares: count(obj(body.shares).count),
      comments: count(obj(obj(body.comments).summary).total_count),
    };
  });
};

const ig = callContext("instagram");
const igClassify = metaClassify(ig);

/** Instagram gives no share count to the API. */
export const readInstagram: EngagementReader = async (credentials, ids) => {
  const c = tokenOf(ig, credentials);
  const base = `${endpoints(instagram).api}/${META_GRAPH_VERSION}`;
  return perPost(ids, async (id) => {
    const { body } = await request(ig, `${base}/${encodeURIComponent(id)}?fields=like_count,comments_count`, { bearer: c.accessToken }, igClassify);
    return { likes: count(body.like_count), shares: 0, comments: count(body.comments_count) };
  });
};

const th = callContext("threads");
const thClassify = metaClassify(th);

/** A media insight's value: `values[0].value` for media metrics, `total_value.value` as user metrics give it. */
const insight = (data: ReadonlyArray<Record<string, unknown>>, name: string) => {
  const metric = data.find((d) => d.name === name);
  if (!metric) return 0;
  return count(list(metric.values)[0]?.value ?? obj(metric.total_value).value);
};

/** Reposts and quotes both spread the post: counted as shares. */
export const readThreads: EngagementReader = async (credentials, ids) => {
  const c = tokenOf(th, credentials);
  const base = `${endpoints(threads).api}/${THREADS_API_VERSION}`;
  return perPost(ids, async (id) => {
    const { body } = await request(th, `${base}/${encodeURIComponent(id)}/insights?metric=likes,replies,reposts,quotes`, { bearer: c.accessToken }, thClassify);
    const data = list(body.data);
    return { likes: insight(data, "likes"), shares: insight(data, "reposts") + insight(data, "quotes"), comments: insight(data, "replies") };
  });
};
