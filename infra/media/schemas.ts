import { z } from "zod";
import { DEFAULT_DESIGN_TEMPLATE, DESIGN_TEMPLATE_MESSAGE, type DesignTemplateId, isAcceptKinds, isDesignTemplateId, MAX_TAGS } from "../../domain/media";

export const MEDIA_TYPE_FILTERS = ["all", "images", "videos"] as const;
export type MediaTypeFilterValue = (typeof MEDIA_TYPE_FILTERS)[number];

export const MAX_PAGE_LIMIT = 200;

/** GET /api/media's query: q, type (all|images|videos), limit (1-200), cursor. */
export const mediaListQuerySchema = z.object({
  q: z.string().max(200, "Search with at most 200 characters.").optional(),
  type: z.enum(MEDIA_TYPE_FILTERS, { error: "type must be all, images or videos." }).default("all"),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}.` })
    .int(`limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}.`)
    .min(1, `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}.`)
    .max(MAX_PAGE_LIMIT, `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}.`)
    .optional(),
  cursor: z.string().max(100, "This page link is no longer valid. Reload the gallery.").optional(),
});

/** POST /api/media/upload's query: which kinds this upload takes (an image-only picker sends accept=images). */
export const uploadQuerySchema = z.object({
  accept: z
    .string()
    .optional()
    .refine((value) => value === undefined || isAcceptKinds(value), "accept must be all, images or videos.")
    .transform((value) => (value ?? "all") as "all" | "images" | "videos"),
});

/** PUT /api/media/{id}: the item's tags (replacing the old ones), and optionally the version last seen. */
export const mediaTagsSchema = z.object({
  tags: z
    .array(z.string({ error: "Tags must be text." }).max(200, "A tag can be up to 40 characters."), { error: "Send the tags as a list." })
    .max(MAX_TAGS * 5, `A file can have up to ${MAX_TAGS} tags.`),
  version: z.number().int().positive().optional(),
});

/** POST /api/media/designs: which sample template of "Create Design with Canva" to make (Try Demo Design: the first). */
export const designSchema = z.object({
  template: z
    .string({ error: DESIGN_TEMPLATE_MESSAGE })
    .optional()
    .refine((value) => value === undefined || isDesignTemplateId(value), DESIGN_TEMPLATE_MESSAGE)
    .transform((value) => (value ?? DEFAULT_DESIGN_TEMPLATE) as DesignTemplateId),
});
