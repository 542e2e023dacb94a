import { Effect } from "effect";
import { ConcurrencyConflict, type Decider, type DomainEvent, type EventMetadata, foldEvents } from "../../domain/shared";
import { EventStore } from "./EventStore";

export interface HandleOptions {
  readonly metadata: EventMetadata;
  readonly now: Date;
  /** The version the caller last saw; a different current version is a conflict, not a lost update. */
  readonly expectedVersion?: number;
}

/**
 * Emmett's command handling: read the stream, fold its state, decide, append with the version
 * that was read. Two writers that read the same version cannot both append.
 */
export const handleCommand = <State, Event extends DomainEvent, E, R>(
  streamId: string,
  decider: Decider<State, Event>,
  decide: (state: State, version: number) => Effect.Effect<ReadonlyArray<Event>, E, R>,
  options: HandleOptions,
) =>
  Effect.gen(function* () {
    const store = yield* EventStore;
    const stream = yield* store.readStream(streamId);
    if (options.expectedVersion !== undefined && options.expectedVersion !== stream.version) {
      return yield* new ConcurrencyConflict({
        streamId,
        expected: String(options.expectedVersion),
        actual: stream.version,
      });
    }
    const state = foldEvents(decider, stream.events as unknown as ReadonlyArray<Event>);
    const events = yield* decide(state, stream.version);
    if (events.length === 0) return { state, version: stream.version, events: [] as ReadonlyArray<Event> };
    const appended = yield* store.append(streamId, events, {
      expectedVersion: stream.version === 0 ? "no_stream" : stream.version,
      metadata: options.metadata,
      now: options.now,
    });
    return { state: events.reduce(decider.evolve, state), version: appended.nextVersion, events };
  }).pipe(Effect.withSpan("handleCommand", { attributes: { streamId } }));
