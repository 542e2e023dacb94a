import { Effect } from "effect";
import type { Decider } from "../shared";
import type { HelpVoteEvent } from "./events";

export interface HelpVoteState {
  /** null until they vote. */
  readonly helpful: boolean | null;
}

export const helpVoteDecider: Decider<HelpVoteState, HelpVoteEvent> = {
  initialState: () => ({ helpful: null }),
  evolve: (_state, event) => {
    switch (event.type) {
      case "HelpArticleVoted":
      case "HelpArticleVoteChanged":
        return { helpful: event.data.helpful };
    }
  },
};

/** One vote per person and article: the first is recorded, another answer changes it, the same answer records nothing. */
export const voteOnHelpArticle =
  (command: { readonly articleId: string; readonly userId: string; readonly helpful: boolean }) =>
  (state: HelpVoteState): Effect.Effect<ReadonlyArray<HelpVoteEvent>> =>
    Effect.succeed(
      state.helpful === null
        ? [{ type: "HelpArticleVoted", data: command }]
        : state.helpful === command.helpful
          ? []
          : [{ type: "HelpArticleVoteChanged", data: { helpful: command.helpful } }],
    );

/** An article's votes, and the asking person's own answer (null: not voted, or nobody asked). */
export interface HelpVotes {
  readonly helpful: number;
  readonly notHelpful: number;
  readonly yourVote: boolean | null;
}

export const NO_VOTES: HelpVotes = { helpful: 0, notHelpful: 0, yourVote: null };

/** 1 to 5 from the share of helpful votes (all helpful: 5, none: 1); null before the first vote. */
export const ratingOf = (votes: Pick<HelpVotes, "helpful" | "notHelpful">): number | null => {
  const total = votes.helpful + votes.notHelpful;
  return total === 0 ? null : Math.round((1 + (4 * votes.helpful) / total) * 10) / 10;
};
