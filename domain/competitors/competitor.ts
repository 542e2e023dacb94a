import { Effect } from "effect";
import { type Decider, NotFound } from "../shared";
import type { CompetitorEvent } from "./events";

export interface CompetitorState {
  readonly exists: boolean;
  readonly removed: boolean;
}

export const competitorDecider: Decider<CompetitorState, CompetitorEvent> = {
  initialState: () => ({ exists: false, removed: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case "CompetitorAdded":
        return { ...state, exists: true };
      case "CompetitorRemoved":
        return { ...state, removed: true };
    }
  },
};

type Added = Extract<CompetitorEvent, { type: "CompetitorAdded" }>["data"];

export const addCompetitor =
  (data: Added) =>
  (state: CompetitorState): Effect.Effect<ReadonlyArray<CompetitorEvent>> =>
    Effect.succeed(state.exists ? [] : [{ type: "CompetitorAdded", data }]);

export const removeCompetitor =
  () =>
  (state: CompetitorState): Effect.Effect<ReadonlyArray<CompetitorEvent>, NotFound> =>
    state.exists && !state.removed ? Effect.succeed([{ type: "CompetitorRemoved", data: {} }]) : Effect.fail(new NotFound({ what: "competitor" }));
