import { atom } from "nanostores";
import type { HelpVotes } from "../../../domain/help";

/** The article's counts after this person voted on the page: the rating above the article and the vote block below show the same. */
export const votedCounts = atom<Pick<HelpVotes, "helpful" | "notHelpful"> | null>(null);
