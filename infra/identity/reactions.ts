import { Effect } from "effect";
import type { WorkspaceEvent } from "../../domain/identity";
import type { RecordedEvent } from "../../domain/shared";
import type { Reaction } from "../eventstore/reactions";
import { addJob } from "../jobs/add-job";

/** A started trial gets a job at its end, in the same transaction; the key makes a restart replace it. */
export const trialEndReaction: Reaction = {
  name: "schedule-trial-end",
  handles: ["TrialStarted"],
  react: (recorded) =>
    Effect.gen(function* () {
      const event = recorded as RecordedEvent<Extract<WorkspaceEvent, { type: "TrialStarted" }>>;
      const { workspaceId, endsAt } = event.data;
      yield* addJob("expire_trial", { workspaceId }, { runAt: new Date(endsAt), jobKey: `trial:${workspaceId}` });
    }),
};
