import { Context, Effect, Layer } from "effect";
import { expireTrial } from "../../domain/identity";
import type { CommandContext, ConcurrencyConflict } from "../../domain/shared";
import { Database, type SqlError } from "../db/Database";
import { identityStreams } from "./streams";

/** The end of free trials: each trial's own job, and the hourly sweep. */
export class Trials extends Context.Service<
  Trials,
  {
    /** Ends the workspace's trial if its time is up; answers whether it ended now. */
    readonly expireTrial: (workspaceId: string, ctx: CommandContext) => Effect.Effect<boolean, SqlError | ConcurrencyConflict>;
    /** Ends every trial whose time is up; answers how many. */
    readonly expireDueTrials: (ctx: CommandContext) => Effect.Effect<number, SqlError | ConcurrencyConflict>;
  }
>()("app/Trials") {
  static layer = Layer.effect(
    Trials,
    Effect.gen(function* () {
      const db = yield* Database;
      const { onWorkspaceCommand } = yield* identityStreams;

      const expireTrialOf = Effect.fn("Trials.expireTrial")(function* (workspaceId: string, ctx: CommandContext) {
        const result = yield* onWorkspaceCommand(workspaceId, expireTrial({ workspaceId, now: ctx.now }), ctx);
        return result.events.length > 0;
      });

      return {
        expireTrial: expireTrialOf,
        expireDueTrials: Effect.fn("Trials.expireDueTrials")(function* (ctx: CommandContext) {
          const due = yield* db.query(
            (sql) => sql<{ id: string }[]>`select id from workspaces
                                           where subscription_tier = 'trial' and is_trial_active and trial_ends_at <= ${ctx.now}`,
          );
          let expired = 0;
          for (const { id } of due) if (yield* expireTrialOf(id, ctx)) expired++;
          return expired;
        }),
      };
    }),
  );
}
