import { z } from "zod";
import type { Requirement } from "../../../domain/access";
import { HASHTAG_MESSAGES, RESEARCH_PLATFORMS } from "../../../domain/hashtags";

/** Reading the research and the saved groups: anyone of a workspace whose plan has hashtag research. */
export const READ_HASHTAGS: Requirement = { permission: "view_analytics", feature: "hashtag_research" };
/** Saving, changing and deleting groups: those who write posts. */
export const MANAGE_HASHTAG_GROUPS: Requirement = { permission: "manage_posts", feature: "hashtag_research" };

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
