import { z } from "zod";
import { TEMPLATE_CONTENT_MAX, TEMPLATE_MESSAGES, TEMPLATE_NAME_MAX } from "../../domain/content-templates/rules";
import { mediaRef } from "../publishing/schemas";

/**
 * Content template payloads at the HTTP edge (spec engagement §5, §7): their shape and the sentences
 * a person reads; the domain tidies the values (trims, adds the #, `x` → twitter) and checks them again.
 */
const name = z.string({ error: TEMPLATE_MESSAGES.nameRequired }).max(TEMPLATE_NAME_MAX + 100, TEMPLATE_MESSAGES.nameTooLong);
const content = z.string({ error: TEMPLATE_MESSAGES.contentRequired }).max(TEMPLATE_CONTENT_MAX + 1000, TEMPLATE_MESSAGES.contentTooLong);
const platforms = z.array(z.string().max(40), { error: "Choose platforms from the list." }).max(40, "Choose platforms from the list.");
const hashtags = z.array(z.string().max(200), { error: "Hashtags are a list of words." }).max(100, TEMPLATE_MESSAGES.tooManyHashtags);
const mediaUrls = z.array(mediaRef, { error: "Add media from your media library." }).max(100, TEMPLATE_MESSAGES.tooManyMedia);
const isPublic = z.boolean({ error: "Share with team is true or false." });
const absentIfNull = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

/** POST /api/content-templates {name, content, platforms, hashtags, mediaUrls, isPublic}. */
export const createTemplateSchema = z.object({
  name,
  content,
  platforms: absentIfNull(platforms),
  hashtags: absentIfNull(hashtags),
  mediaUrls: absentIfNull(mediaUrls),
  isPublic: absentIfNull(isPublic),
});

/** PUT /api/content-templates/{id}: any of the fields (spec §7 "partial fields"), and `version` to refuse a stale edit. */
export const updateTemplateSchema = z.object({
  name: name.optional(),
  content: content.optional(),
  platforms: absentIfNull(platforms),
  hashtags: absentIfNull(hashtags),
  mediaUrls: absentIfNull(mediaUrls),
  isPublic: absentIfNull(isPublic),
  version: z.number({ error: "version must be a whole number" }).int().positive().optional(),
});

/** Reading templates: anyone of the workspace (their own and the team's), also after a downgrade. */
export const READ_TEMPLATES = {} as const;
/** Creating one: those who create posts, on a plan with content templates (spec §2). */
export const CREATE_TEMPLATES = { permission: "manage_posts", feature: "content_templates" } as const;
/** Editing, deleting and using one: those who create posts (the rules then say whose templates). */
export const WRITE_TEMPLATES = { permission: "manage_posts" } as const;
