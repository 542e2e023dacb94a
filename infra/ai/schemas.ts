import { z } from "zod";
import { normalizePlatformId, type PlatformId } from "../../domain/accounts/platforms";
import { AI_ACTIONS, AI_DRAFT_KINDS, AI_IMAGE_STYLE_DEFAULT, AI_INPUT_MAX, AI_MESSAGES } from "../../domain/ai/rules";

/** Who may ask the AI: people who may write posts (or answer messages, for drafts), on a plan with AI help. */
export const USE_AI = { permission: "manage_posts", feature: "ai_content" } as const;
export const DRAFT_WITH_AI = { permission: "answer_messages", feature: "ai_content" } as const;

const platform = z
  .string({ error: "Each platform is a platform's id." })
  .refine((value) => normalizePlatformId(value) !== null, { error: (issue) => `${String(issue.input)} is not a platform.` })
  .transform((value) => normalizePlatformId(value) as PlatformId);

/** POST /api/ai/enhance-content {content, action, platforms}. */
export const enhanceContentSchema = z.object({
  content: z.string({ error: AI_MESSAGES.contentRequired }).max(AI_INPUT_MAX, AI_MESSAGES.contentTooLong).default(""),
  action: z.enum(AI_ACTIONS, { error: AI_MESSAGES.actionInvalid }),
  platforms: z.array(platform, { error: "platforms is a list of platform ids." }).max(40, "Choose at most 40 platforms.").default([]),
});

/** POST /api/ai/generate-image {prompt, style}. */
export const generateImageSchema = z.object({
  prompt: z.string({ error: AI_MESSAGES.promptRequired }).max(AI_INPUT_MAX, AI_MESSAGES.contentTooLong).default(""),
  style: z.string({ error: "The style is text." }).max(200, "The style is at most 200 characters.").default(AI_IMAGE_STYLE_DEFAULT),
});

/** POST /api/ai/draft-reply {kind, text, rating?}. */
export const draftReplySchema = z.object({
  kind: z.enum(AI_DRAFT_KINDS, { error: AI_MESSAGES.kindInvalid }),
  text: z.string({ error: AI_MESSAGES.textRequired }).max(AI_INPUT_MAX, AI_MESSAGES.contentTooLong).default(""),
  rating: z
    .number({ error: "The rating is 1 to 5 stars." })
    .int("The rating is 1 to 5 stars.")
    .min(1, "The rating is 1 to 5 stars.")
    .max(5, "The rating is 1 to 5 stars.")
    .nullish(),
  workspaceId: z.uuid({ error: "The workspace is the id of one of your workspaces." }).optional(),
});
