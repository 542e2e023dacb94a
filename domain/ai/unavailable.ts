import { notSetUp } from "../shared/not-set-up";

/**
 * No AI service is set up on this server. Apart from the other sentences (messages.ts), which
 * the islands load with an AI call: this one shows on the first paint.
 */
export const AI_UNAVAILABLE = notSetUp("AI help");
