import { z } from "zod";
import { acrossWorkspacesShape } from "../identity/schemas";
import { GOOGLE_REVIEW_STATUSES, REVIEW_MESSAGES, REVIEW_PLATFORMS, REVIEW_STATUSES } from "../../domain/reviews";

const blankIsNone = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const STATUSES = [...REVIEW_STATUSES, ...GOOGLE_REVIEW_STATUSES] as const;

/** The most reviews a page may ask for. */
const REVIEWS_PAGE_MAX = 100;
const LIMIT_MESSAGE = `Choose a limit of 1 to ${REVIEWS_PAGE_MAX}.`;

/**
 * GET /api/reviews's query: the spec's locationId, platform, status and rating, a search, and the
 * page (the one page shape of infra/web/api/page.ts: `cursor`, the `next` of the page before, and `limit`).
 */
export const reviewFilterSchema = z.object({
  locationId: z.preprocess(blankIsNone, z.string().max(100).optional()),
  platform: z.preprocess(blankIsNone, z.enum(REVIEW_PLATFORMS, { error: `Choose a review site: ${REVIEW_PLATFORMS.join(", ")}.` }).optional()),
  status: z.preprocess(blankIsNone, z.enum(STATUSES, { error: `Choose a status: ${STATUSES.join(", ")}.` }).optional()),
  rating: z.preprocess(
    (v) => (blankIsNone(v) === undefined ? undefined : Number(v)),
    z.number({ error: REVIEW_MESSAGES.rating }).int(REVIEW_MESSAGES.rating).min(1, REVIEW_MESSAGES.rating).max(5, REVIEW_MESSAGES.rating).optional(),
  ),
  q: z.preprocess(blankIsNone, z.string().max(200, "Search for at most 200 characters.").optional()),
  cursor: z.preprocess(blankIsNone, z.string().max(300).optional()),
  limit: z.preprocess(
    (v) => (blankIsNone(v) === undefined ? undefined : Number(v)),
    z.number({ error: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(REVIEWS_PAGE_MAX, LIMIT_MESSAGE).optional(),
  ),
  ...acrossWorkspacesShape,
});

export const tilesFilterSchema = reviewFilterSchema.pick({ locationId: true, platform: true });

/** POST /api/reviews: a review typed by hand for a site with no API. */
export const enterReviewSchema = z.object({
  accountId: z.string({ error: REVIEW_MESSAGES.account }),
  reviewerName: z.string({ error: REVIEW_MESSAGES.reviewerName }),
  rating: z.number({ error: REVIEW_MESSAGES.rating }),
  content: z.string({ error: REVIEW_MESSAGES.content }).default(""),
  reviewDate: z.string({ error: REVIEW_MESSAGES.reviewDate }).nullish(),
  url: z.string({ error: REVIEW_MESSAGES.url }).nullish(),
});

export const importReviewsSchema = z.object({
  accountId: z.string({ error: REVIEW_MESSAGES.account }),
  csv: z.string({ error: "Choose a CSV file of reviews." }).min(1, "Choose a CSV file of reviews."),
});

/** POST /api/reviews/{id}/respond: `{responseText}` (business-listing and Google screens) or `{response}` (review management), spec §7. */
export const respondSchema = z
  .object({
    responseText: z.string({ error: REVIEW_MESSAGES.responseBlank }).optional(),
    response: z.string({ error: REVIEW_MESSAGES.responseBlank }).optional(),
  })
  .transform((body) => body.responseText ?? body.response ?? "");

/** PUT /api/reviews/{id}: `{status: "read"}` (spec §7), `{status: "flagged", flagReason}`, or `{flagged: false}` to unflag. */
export const reviewChangeSchema = z
  .object({
    status: z.enum(["read", "flagged"], { error: 'Choose a status: "read" or "flagged".' }).optional(),
    flagReason: z.string({ error: REVIEW_MESSAGES.flagReason }).optional(),
    flagged: z.boolean({ error: "flagged is true or false." }).optional(),
  })
  .refine((body) => body.status !== undefined || body.flagged !== undefined, {
    message: 'Send {status: "read"}, {status: "flagged", flagReason} or {flagged: false}.',
  });

export const performanceSchema = z.object({
  days: z.preprocess((v) => (blankIsNone(v) === undefined ? 30 : Number(v)), z.number().int().min(7, "Choose 7 to 90 days.").max(90, "Choose 7 to 90 days.")),
});
