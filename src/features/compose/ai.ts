/** The AI buttons of the compose screen (spec core §2). */
import { AI_MESSAGES } from "../../../domain/ai/messages";

/** No AI service is set up on this server: the AI buttons say so instead of calling anything. */
export const AI_UNAVAILABLE = AI_MESSAGES.unavailable;

export const AI_ACTIONS = [
  { id: "generate", label: "Generate Post" },
  { id: "shorten", label: "Shorten" },
  { id: "expand", label: "Expand" },
  { id: "casual", label: "More Casual" },
  { id: "formal", label: "More Formal" },
  { id: "hook", label: "Create Hook" },
  { id: "cta", label: "Create CTA" },
] as const;

export type AiActionId = (typeof AI_ACTIONS)[number]["id"];
