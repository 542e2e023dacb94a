import { z } from "zod";
import { COMPETITOR_DAYS, COMPETITOR_MESSAGES } from "../../domain/competitors";

export const competitorSchema = z.object({
  platform: z.string({ error: COMPETITOR_MESSAGES.platform }).trim().toLowerCase(),
  handle: z.string({ error: COMPETITOR_MESSAGES.handle }).max(300, COMPETITOR_MESSAGES.handle),
});

export const historySchema = z.object({
  days: z.preprocess(
    (v) => (v === undefined || v === "" ? 30 : Number(v)),
    z.number({ error: COMPETITOR_MESSAGES.days }).refine((n) => (COMPETITOR_DAYS as ReadonlyArray<number>).includes(n), COMPETITOR_MESSAGES.days),
  ),
});
