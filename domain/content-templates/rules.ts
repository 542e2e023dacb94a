/*
 * Content templates' rules (spec engagement §3, §5, §6): what a template holds, how a hashtag is
 * kept, and who sees and changes a template. The catalogue file itself, not the module index, so
 * that the island can check a form with the server's sentences.
 */
import { normalizeCategoryPlatforms } from "../categories/rules";
import { isHashtagBody } from "../hashtags/rules";
import type { Role } from "../shared/caller";

export const TEMPLATE_NAME_MAX = 100;
/** The longest post any platform takes (Facebook's 63,206 characters, spec §9). */
export const TEMPLATE_CONTENT_MAX = 63_206;
/** Instagram's limit, the strictest platform's: a template that passes it fits every platform. */
export const TEMPLATE_HASHTAGS_MAX = 30;
export const HASHTAG_MAX = 100;
/** As many files as a post takes. */
export const TEMPLATE_MEDIA_MAX = 10;
/** Enough for any real use; keeps the grid one quick page. */
export const TEMPLATES_PER_WORKSPACE_MAX = 500;

export const TEMPLATE_MESSAGES = {
  nameRequired: "Template name is required",
  nameTooLong: `Template name must be at most ${TEMPLATE_NAME_MAX} characters`,
  contentRequired: "Template content is required",
  contentTooLong: `Template content must be at most ${TEMPLATE_CONTENT_MAX.toLocaleString("en-US")} characters`,
  hashtag: (tag: string) => `"${tag.slice(0, 40)}" is not a hashtag: use letters, numbers and underscores, at least one letter, at most ${HASHTAG_MAX} characters.`,
  tooManyHashtags: `A template takes at most ${TEMPLATE_HASHTAGS_MAX} hashtags.`,
  tooManyMedia: `A template takes at most ${TEMPLATE_MEDIA_MAX} media files.`,
  unknownPlatform: (value: string) => `Unknown platform: ${value.slice(0, 40)}`,
  notYours: "Only the template's author, an owner or an admin can change a team template.",
  tooMany: `A workspace can keep at most ${TEMPLATES_PER_WORKSPACE_MAX} templates. Delete some you no longer use.`,
  /** Spec §8. */
  createFailed: "Failed to create template. Please try again.",
} as const;

/**
 * A hashtag as kept: trimmed, with one leading # (prepended when missing, spec §5). Null when
 * nothing is left (an empty tag is ignored); `invalid` when it is not a hashtag's body (isHashtagBody: "#5" is a number).
 */
export const hashtagOf = (raw: string): string | null | { readonly invalid: string } => {
  const body = raw.trim().replace(/^#+/, "");
  if (body === "") return null;
  return isHashtagBody(body) && body.length <= HASHTAG_MAX ? `#${body}` : { invalid: raw.trim() };
};

/** The same tag for the duplicate rule: platforms read hashtags without letter case. */
const tagKey = (tag: string) => tag.toLowerCase();

/**
 * The form's Enter on the hashtag box (spec §5): the list with the tag added, or unchanged when
 * the tag is empty or already there; the sentence when it is not a hashtag or the list is full.
 */
export const addHashtag = (hashtags: ReadonlyArray<string>, raw: string): { readonly hashtags: ReadonlyArray<string>; readonly error?: string } => {
  const tag = hashtagOf(raw);
  if (tag === null || (typeof tag === "string" && hashtags.some((h) => tagKey(h) === tagKey(tag)))) return { hashtags };
  if (typeof tag !== "string") return { hashtags, error: TEMPLATE_MESSAGES.hashtag(tag.invalid) };
  if (hashtags.length >= TEMPLATE_HASHTAGS_MAX) return { hashtags, error: TEMPLATE_MESSAGES.tooManyHashtags };
  return { hashtags: [...hashtags, tag] };
};

export interface TemplateFieldsInput {
  readonly name?: string;
  readonly content?: string;
  readonly platforms?: ReadonlyArray<string>;
  readonly hashtags?: ReadonlyArray<string>;
  readonly mediaUrls?: ReadonlyArray<string>;
}

/** The fields as kept: the same shape, tidied. */
export type TemplateFields = TemplateFieldsInput;

/**
 * Checks and tidies the fields given (absent ones stay absent): the values as kept, or one
 * sentence per wrong field. Hashtags are kept as the form adds them: each once, with its #.
 */
export const checkTemplateFields = (
  input: TemplateFieldsInput,
): { readonly ok: true; readonly fields: TemplateFields } | { readonly ok: false; readonly errors: Record<string, string> } => {
  const errors: Record<string, string> = {};
  const fields: { -readonly [K in keyof TemplateFields]: TemplateFields[K] } = {};
  if (input.name !== undefined) {
    const name = input.name.trim().replace(/\s+/g, " ");
    if (name === "") errors.name = TEMPLATE_MESSAGES.nameRequired;
    else if (name.length > TEMPLATE_NAME_MAX) errors.name = TEMPLATE_MESSAGES.nameTooLong;
    else fields.name = name;
  }
  if (input.content !== undefined) {
    const content = input.content.trim();
    if (content === "") errors.content = TEMPLATE_MESSAGES.contentRequired;
    else if (content.length > TEMPLATE_CONTENT_MAX) errors.content = TEMPLATE_MESSAGES.contentTooLong;
    else fields.content = content;
  }
  if (input.platforms !== undefined) {
    const platforms = normalizeCategoryPlatforms(input.platforms);
    if (platforms.ok) fields.platforms = platforms.platforms;
    else errors.platforms = TEMPLATE_MESSAGES.unknownPlatform(platforms.unknown);
  }
  if (input.hashtags !== undefined) {
    let kept: ReadonlyArray<string> = [];
    for (const raw of input.hashtags) {
      const added = addHashtag(kept, raw);
      if (added.error) {
        errors.hashtags = added.error;
        break;
      }
      kept = added.hashtags;
    }
    if (!errors.hashtags) fields.hashtags = kept;
  }
  if (input.mediaUrls !== undefined) {
    const mediaUrls = [...new Set(input.mediaUrls.map((url) => url.trim()).filter((url) => url !== ""))];
    if (mediaUrls.length > TEMPLATE_MEDIA_MAX) errors.mediaUrls = TEMPLATE_MESSAGES.tooManyMedia;
    else fields.mediaUrls = mediaUrls;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, fields };
};

/** Who reads or acts on a template: the person, their workspace and their role in it. */
export interface TemplateReader {
  readonly workspaceId: string;
  readonly userId: string;
  readonly role: Role;
}

/** Spec §6 "Templates can be shared with the team": a private template is seen only by its author, a team template by the whole workspace. */
export const canSeeTemplate = (template: { readonly authorId: string; readonly isPublic: boolean }, reader: Pick<TemplateReader, "userId">) =>
  template.isPublic || template.authorId === reader.userId;

/** Its author changes a template; an owner or admin also changes the team's templates (a member only their own). */
export const canChangeTemplate = (template: { readonly authorId: string }, reader: Pick<TemplateReader, "userId" | "role">) =>
  template.authorId === reader.userId || reader.role === "owner" || reader.role === "admin";

/** The text a template puts in the compose window: its content, then its hashtags on a line of their own. */
export const composeTextOf = (template: { readonly content: string; readonly hashtags: ReadonlyArray<string> }) =>
  template.hashtags.length === 0 ? template.content : `${template.content}\n\n${template.hashtags.join(" ")}`;
