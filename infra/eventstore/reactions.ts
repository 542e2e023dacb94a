import type { Effect } from "effect";
import type { RecordedEvent } from "../../domain/shared";
import type { Database, SqlError } from "../db/Database";

/**
 * A live consequence of an appended event that must happen with it or not at all, such as a job to
 * add with graphile_worker.add_job. Reactions never run during a replay.
 */
export interface Reaction {
  readonly name: string;
  readonly handles: ReadonlyArray<string>;
  readonly react: (event: RecordedEvent) => Effect.Effect<void, SqlError, Database>;
  /**
   * The events of one batch append (a bulk upload's thousands), in order, handled together: what
   * `react` does for each, in a few statements. Without it each event goes through `react`.
   */
  readonly reactMany?: (events: ReadonlyArray<RecordedEvent>) => Effect.Effect<void, SqlError, Database>;
}
