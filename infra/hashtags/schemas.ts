import { z } from "zod";
import { HASHTAG_MESSAGES, RESEARCH_PLATFORMS } from "../../domain/hashtags";

const platform = z.preprocess((v) => (v === undefined || v === "" ? "all" : v), z.enum(RESEARCH_PLATFORMS, { error: HASHTAG_MESSAGES.platform }));

/** POST /api/hashtags/search {query, platform}: a blank query is refused by the service with the sentence. */
export const hashtagSearchSchema = z.object({
  query: z.string({ error: HASHTAG_MESSAGES.blankQuery }).max(200, "Search for at most 200 characters."),
  platform,
});

/** GET /api/hashtags/trending?platform= */
export const trendingQuerySchema = z.object({ platform });

const tags = z.union([z.array(z.string({ error: HASHTAG_MESSAGES.groupTags }), { error: HASHTAG_MESSAGES.groupTags }), z.string()], {
  error: HASHTAG_MESSAGES.groupTags,
});

/** POST /api/hashtag-groups {name, tags (a list, or one text with spaces or commas)} */
export const hashtagGroupSchema = z.object({ name: z.string({ error: HASHTAG_MESSAGES.groupName }), tags });
/** PUT /api/hashtag-groups/{id} {name?, tags?} */
export const hashtagGroupChangeSchema = hashtagGroupSchema.partial();
