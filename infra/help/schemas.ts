import { z } from "zod";

/** GET /api/help/articles?q= */
export const helpSearchSchema = z.object({ q: z.string().max(200, "Search for at most 200 characters.").default("") });

export const HELPFUL_REQUIRED = "Say whether the article helped: helpful is true or false.";
/** POST /api/help/articles/{id}/vote {helpful} */
export const helpVoteSchema = z.object({ helpful: z.boolean({ error: HELPFUL_REQUIRED }) });
