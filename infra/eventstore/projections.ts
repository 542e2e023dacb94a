import { Effect } from "effect";
import type { RecordedEvent } from "../../domain/shared";
import type { Database, SqlError } from "../db/Database";

/**
 * A read model kept from events. Inline projections run in the transaction of the append
 * (read-your-writes); async ones run behind, from a checkpoint. Both can be rebuilt from the
 * whole log at any time, so `apply` must depend on nothing but the event and the tables it owns.
 */
export interface Projection {
  readonly name: string;
  readonly kind: "inline" | "async";
  /** The read-model tables it owns: emptied before a rebuild, compared by verify. */
  readonly tables: ReadonlyArray<string>;
  /** Event types it reacts to, or every event. */
  readonly handles: ReadonlyArray<string> | "all";
  readonly apply: (event: RecordedEvent) => Effect.Effect<void, SqlError, Database>;
  /** The same as `apply` on each event in order, in fewer statements: used by replays and catch-ups. */
  readonly applyBatch?: (events: ReadonlyArray<RecordedEvent>) => Effect.Effect<void, SqlError, Database>;
}

/**
 * A live reaction to an appended event that must happen with it or not at all, such as a job to add
 * with graphile_worker.add_job. Reactions never run during a replay.
 */
export interface Reaction {
  readonly name: string;
  readonly handles: ReadonlyArray<string>;
  readonly react: (event: RecordedEvent) => Effect.Effect<void, SqlError, Database>;
}

export const handlesEvent = (projection: Pick<Projection, "handles">, type: string): boolean =>
  projection.handles === "all" || projection.handles.includes(type);

/** Applies events in order, in one batch when the projection can. */
export const applyAll = (projection: Projection, events: ReadonlyArray<RecordedEvent>) =>
  events.length === 0
    ? Effect.void
    : projection.applyBatch
      ? projection.applyBatch(events)
      : Effect.forEach(events, projection.apply, { discard: true });
