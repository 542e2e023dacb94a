import { Effect } from "effect";
import { type CommandContext, ConcurrencyConflict, type Decider, type DomainEvent, foldEvents, isSystemCaller, metadataOf, type RecordedEvent } from "../../domain/shared";
import { EventStore } from "./EventStore";

/** One step of a command: events decided on the state the steps before it left. */
export type DecideStep<State, Event extends DomainEvent, E, R = never> = (state: State, version: number) => Effect.Effect<ReadonlyArray<Event>, E, R>;

export interface CommandOptions {
  /** Who acts and when: the events' metadata. */
  readonly ctx: CommandContext;
  /** The workspace the stream belongs to (null for a user's own stream before they have one). */
  readonly workspaceId: string | null;
  /** The version the caller last saw; a different current version is a conflict, not a lost update. */
  readonly expectedVersion?: number;
  /**
   * Events of this aggregate recorded on another stream before it moved to this one (the
   * subscription, once on the owner's stream): folded with the stream's own, in the log's order.
   */
  readonly movedFrom?: ReadonlyArray<RecordedEvent>;
}

/** How often the system reads and decides again when another writer got there first. */
const SYSTEM_RETRIES = 5;

/**
 * Emmett's command handling: read the stream, fold its state, run the steps in order (each on the
 * state the one before left), and append all their events at once with the version that was read.
 * Two writers that read the same version cannot both append: a person is told (409, "Reload and try
 * again"); the system, which has no one to ask, reads and decides again.
 */
export const handleCommand = <State, Event extends DomainEvent, E, R>(
  streamId: string,
  decider: Decider<State, Event>,
  steps: DecideStep<State, Event, E, R> | ReadonlyArray<DecideStep<State, Event, E, R>>,
  options: CommandOptions,
) => {
  const once = Effect.gen(function* () {
    const store = yield* EventStore;
    const stream = yield* store.readStream(streamId);
    if (options.expectedVersion !== undefined && options.expectedVersion !== stream.version) {
      return yield* new ConcurrencyConflict({
        streamId,
        expected: String(options.expectedVersion),
        actual: stream.version,
      });
    }
    // Decoded by the store against the module's schemas: these are the decider's events.
    const history = options.movedFrom?.length
      ? [...options.movedFrom, ...stream.events].sort((a, b) => a.globalPosition - b.globalPosition)
      : stream.events;
    let state = foldEvents(decider, history as ReadonlyArray<DomainEvent> as ReadonlyArray<Event>);
    const decided: Event[] = [];
    for (const step of Array.isArray(steps) ? steps : [steps]) {
      const events = yield* (step as DecideStep<State, Event, E, R>)(state, stream.version);
      decided.push(...events);
      state = events.reduce(decider.evolve, state);
    }
    if (decided.length === 0)
      return {
        state,
        version: stream.version,
        events: decided as ReadonlyArray<Event>,
      };
    const appended = yield* store.append(streamId, decided, {
      expectedVersion: stream.version === 0 ? "no_stream" : stream.version,
      metadata: metadataOf(options.ctx, options.workspaceId),
      now: options.ctx.now,
    });
    return {
      state,
      version: appended.nextVersion,
      events: decided as ReadonlyArray<Event>,
    };
  });
  const retried =
    isSystemCaller(options.ctx) && options.expectedVersion === undefined
      ? once.pipe(
          Effect.retry({
            times: SYSTEM_RETRIES,
            while: (e) => e instanceof ConcurrencyConflict,
          }),
        )
      : once;
  return retried.pipe(Effect.withSpan("handleCommand", { attributes: { streamId } }));
};
