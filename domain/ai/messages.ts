import { AI_UNAVAILABLE } from "./unavailable";

/**
 * The AI help's names and sentences, apart from the prompts and limits so the islands can show them
 * without carrying the platform table.
 */

/** The seven things the compose screen's AI buttons ask of a text (spec core §2, §7). */
export const AI_ACTIONS = ["generate", "shorten", "expand", "casual", "formal", "hook", "cta"] as const;
export type AiAction = (typeof AI_ACTIONS)[number];

/** What a reply draft answers (the inbox's messages and comments, a review). */
export const AI_DRAFT_KINDS = ["message", "comment", "review"] as const;
export type AiDraftKind = (typeof AI_DRAFT_KINDS)[number];

/** The longest text sent to the model: a post's longest (Facebook's 63,206 characters) and some. */
export const AI_INPUT_MAX = 70_000;

/** The sentences of the AI calls (spec core §5, §8). */
export const AI_MESSAGES = {
  unavailable: AI_UNAVAILABLE,
  contentRequired: "Please enter some content first",
  promptRequired: "Please enter post content to generate an image",
  textRequired: "There is no text to reply to.",
  actionInvalid: `Choose an action: ${AI_ACTIONS.join(", ")}.`,
  kindInvalid: `Choose what to reply to: ${AI_DRAFT_KINDS.join(", ")}.`,
  contentTooLong: `The text is too long for the AI (at most ${AI_INPUT_MAX.toLocaleString("en-US")} characters).`,
  enhanceFailed: "Could not enhance content. Please try again.",
  imageFailed: "Could not generate image. Please try again.",
  draftFailed: "Could not draft a reply. Please try again.",
  timedOut: "The AI server did not answer in time. Please try again.",
} as const;

/** The toasts' titles on the compose screen and in the reply boxes. */
export const AI_TOASTS = {
  noContent: "No content to enhance",
  contentRequired: "Content Required",
  enhanced: "Content Enhanced",
  enhanceFailed: "Enhancement Failed",
  imageGenerated: "Image Generated",
  imageFailed: "Generation Failed",
  drafted: "Draft ready",
  draftFailed: "Draft Failed",
} as const;
