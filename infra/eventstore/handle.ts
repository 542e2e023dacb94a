import { Effect, Schedule } from "effect";
import {
  type CommandContext,
  ConcurrencyConflict,
  type Decider,
  type DomainEvent,
  foldEvents,
  metadataOf,
  type RecordedEvent,
} from "../../domain/shared";
import { BatchedAppends } from "./BatchedAppends";
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

/** The stream's state now: its events (and those it moved from) folded by the decider. */
const readState = <State, Event extends DomainEvent>(
  store: EventStore["Service"],
  streamId: string,
  decider: Decider<State, Event>,
  movedFrom: ReadonlyArray<RecordedEvent> | undefined,
) =>
  Effect.map(store.readStream(streamId), (stream) => {
    // Decoded by the store against the module's schemas: these are the decider's events.
    const history = movedFrom?.length ? [...movedFrom, ...stream.events].sort((a, b) => a.globalPosition - b.globalPosition) : stream.events;
    return { state: foldEvents(decider, history as ReadonlyArray<DomainEvent> as ReadonlyArray<Event>), version: stream.version };
  });

/** The steps run in order on `known`, each on the state the one before left: the events decided and the state they lead to. */
export const decideSteps = <State, Event extends DomainEvent, E, R>(
  decider: Decider<State, Event>,
  known: { readonly state: State; readonly version: number },
  steps: DecideStep<State, Event, E, R> | ReadonlyArray<DecideStep<State, Event, E, R>>,
) =>
  Effect.gen(function* () {
    let state = known.state;
    const events: Event[] = [];
    for (const step of Array.isArray(steps) ? steps : [steps]) {
      const decided = yield* (step as DecideStep<State, Event, E, R>)(state, known.version);
      events.push(...decided);
      state = decided.reduce(decider.evolve, state);
    }
    return { state, events: events as ReadonlyArray<Event> };
  });

/**
 * Starts many streams whose events were decided on the decider's initial state (`decideSteps` with
 * version 0): a bulk upload's posts, in one appendMany (all kept or none; its reactions see them all,
 * so the approvers get one mail for the upload).
 */
export const appendNewStreams = (
  streams: ReadonlyArray<{ readonly streamId: string; readonly events: ReadonlyArray<DomainEvent> }>,
  options: Pick<CommandOptions, "ctx" | "workspaceId">,
) =>
  Effect.gen(function* () {
    const store = yield* EventStore;
    const metadata = metadataOf(options.ctx, options.workspaceId);
    const started = streams.filter((s) => s.events.length > 0).map((s) => ({ streamId: s.streamId, events: s.events, expectedVersion: 0, metadata }));
    if (started.length > 0) yield* store.appendMany(started, options.ctx.now);
  });

/**
 * How a command that states no expected version reads and decides again when another writer got
 * there first: up to 5 times, after 5 ms, then twice as long each time, jittered so two writers
 * that collided do not collide again.
 */
const CONFLICT_BACKOFF = Schedule.exponential("5 millis").pipe(Schedule.jittered);
const CONFLICT_RETRIES = 5;

// The schedule needs no service and raises nothing: the command's own types stand (retry's option typing widens them).
const retryConflicts = <A, E, R>(command: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  command.pipe(Effect.retry({ schedule: CONFLICT_BACKOFF, times: CONFLICT_RETRIES, while: (e) => e instanceof ConcurrencyConflict })) as Effect.Effect<A, E, R>;

/**
 * Emmett's command handling: read the stream, fold its state, run the steps in order (each on the
 * state the one before left), and append all their events at once with the version that was read.
 * Two writers that read the same version cannot both append. A command that states the version its
 * caller saw (a person's edit of what was on their screen) is refused: 409, "Reload and try
 * again". Any other (a person's "approve", the system's jobs) only wants its decision made on
 * the latest state, so it reads and decides again (`retryConflicts`), as Emmett does.
 */
export const handleCommand = <State, Event extends DomainEvent, E, R>(
  streamId: string,
  decider: Decider<State, Event>,
  steps: DecideStep<State, Event, E, R> | ReadonlyArray<DecideStep<State, Event, E, R>>,
  options: CommandOptions & {
    /**
     * The stream's state and version as the caller last had them (a command just handled): the
     * first try decides on it instead of reading the stream again; a conflict reads afresh.
     */
    readonly known?: { readonly state: State; readonly version: number };
  },
) => {
  let known = options.known;
  const once = Effect.gen(function* () {
    const store = yield* EventStore;
    const current = known ?? (yield* readState(store, streamId, decider, options.movedFrom));
    known = undefined;
    if (options.expectedVersion !== undefined && options.expectedVersion !== current.version) {
      return yield* new ConcurrencyConflict({
        streamId,
        expected: String(options.expectedVersion),
        actual: current.version,
      });
    }
    const { state, events: decided } = yield* decideSteps(decider, current, steps);
    if (decided.length === 0)
      return {
        state,
        version: current.version,
        events: decided as ReadonlyArray<Event>,
      };
    const appended = yield* store.append(streamId, decided, {
      expectedVersion: current.version === 0 ? "no_stream" : current.version,
      metadata: metadataOf(options.ctx, options.workspaceId),
      now: options.ctx.now,
    });
    return {
      state,
      version: appended.nextVersion,
      events: decided as ReadonlyArray<Event>,
    };
  });
  const retried = options.expectedVersion === undefined ? retryConflicts(once) : once;
  return retried.pipe(Effect.withSpan("handleCommand", { attributes: { streamId } }));
};

/**
 * `handleCommand` for many streams at one moment (the scheduler's 9:00:00): decided on the state
 * the caller knows, appended with the others of the moment in one transaction (BatchedAppends).
 * When the batch fails, the command is handled alone, on the stream read afresh.
 */
export const handleCommandInBatch = <State, Event extends DomainEvent, E, R>(
  streamId: string,
  decider: Decider<State, Event>,
  steps: DecideStep<State, Event, E, R> | ReadonlyArray<DecideStep<State, Event, E, R>>,
  options: CommandOptions & { readonly known: { readonly state: State; readonly version: number } },
) =>
  Effect.gen(function* () {
    const { state, events: decided } = yield* decideSteps(decider, options.known, steps);
    if (decided.length === 0) return { state, version: options.known.version, events: decided as ReadonlyArray<Event> };
    if (options.known.version > 0) {
      const appended = yield* (yield* BatchedAppends).append({
        streamId,
        events: decided,
        expectedVersion: options.known.version,
        metadata: metadataOf(options.ctx, options.workspaceId),
      });
      if (appended) return { state, version: appended.nextVersion, events: decided as ReadonlyArray<Event> };
    }
    const { known: _known, ...alone } = options;
    return yield* handleCommand(streamId, decider, steps, alone);
  });
