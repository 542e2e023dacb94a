import { notSetUp } from "../shared/not-set-up";
/*
 * Social listening's rules: what a monitor is (a name and the keywords and #hashtags it follows on
 * Bluesky), how its terms become a search, and the sentences refusing bad ones.
 */

export const MONITOR_NAME_MAX = 60;
export const MONITOR_TERMS_MAX = 10;
export const TERM_MAX = 60;
/** Monitors a workspace keeps at most: each is a search every few minutes. */
export const MONITORS_MAX = 20;

export const LISTENING_MESSAGES = {
  name: `Give the monitor a name of 1 to ${MONITOR_NAME_MAX} characters.`,
  terms: `Add 1 to ${MONITOR_TERMS_MAX} keywords or #hashtags of at most ${TERM_MAX} characters each.`,
  tooMany: `A workspace follows at most ${MONITORS_MAX} monitors. Delete one you no longer need.`,
  noAppView: notSetUp("Social listening"),
  noBlueskyAccount: "Connect a Bluesky account first: answers and inbox messages go out from it.",
} as const;

/** The terms as typed (commas or new lines between them), tidied: trimmed, no doubles (case aside). */
export const termsOf = (input: ReadonlyArray<string> | string): string[] => {
  const raw = typeof input === "string" ? input.split(/[,\n]/) : input;
  const seen = new Set<string>();
  return raw.map((t) => t.trim().replace(/\s+/g, " ")).filter((t) => t !== "" && !seen.has(t.toLowerCase()) && (seen.add(t.toLowerCase()), true));
};

/** One search per term: Bluesky's search matches every word of a query, so terms are asked apart. */
export const searchQueriesOf = (terms: ReadonlyArray<string>) => terms.map((t) => (t.includes(" ") && !t.startsWith('"') ? `"${t}"` : t));
