import { request, tokenOf } from "../call";
import { callContext, count, obj } from "../http";
import type { EngagementReader } from "../provider";
import { inBatches } from "../reads";
import { linkedInRest } from "./rest";

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
