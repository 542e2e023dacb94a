/** The AI buttons of the compose screen (spec core §2). */
/** No AI service is set up on this server: the AI buttons say so instead of calling anything. */
export { AI_UNAVAILABLE } from "../../../domain/ai/unavailable";

/** The AI calls' sentences and toasts' titles: loaded with the first call, not with the page. */
export const loadAiMessages = () => import("../../../domain/ai/messages");

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
