import { count } from "../http";
import type { EngagementReader } from "../provider";
import { perPost } from "../reads";
import { accessOf, mastodonCall } from "./api";

/** `GET /api/v1/statuses/{id}` per post: favourites, boosts (reblogs) and replies. A deleted status (404) is left out. */
export const mastodonEngagement: EngagementReader = async (credentials, ids) => {
  const access = accessOf(credentials);
  return perPost(ids, async (id) => {
    const { body } = await mastodonCall(access, `/api/v1/statuses/${encodeURIComponent(id)}`);
    return { likes: count(body.favourites_count), shares: count(body.reblogs_count), comments: count(body.replies_count) };
  });
};
