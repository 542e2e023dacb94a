/** An event as a module decides it: a past-tense type and its data. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

/** Who did it, for which workspace, and why: the audit trail of every event. */
export interface EventMetadata {
  readonly actorId: string | null;
  readonly workspaceId: string | null;
  readonly correlationId: string;
  readonly causationId: string | null;
  /** What acted when no person did alone: the system process (`system:scheduler`), share link (`share_link:{id}`) or API key (`api_key:{id}`). */
  readonly via?: string;
}

/** An event as stored, with its place in the stream and in the whole log. */
export type RecordedEvent<E extends DomainEvent = DomainEvent> = E & {
  readonly globalPosition: number;
  readonly streamId: string;
  readonly streamVersion: number;
  readonly metadata: EventMetadata;
  readonly createdAt: Date;
};

/** The stream version an append expects: a version, no stream yet, or any. */
export type ExpectedVersion = number | "no_stream" | "any";

/**
 * A module's pure decision model (Emmett's Decider): state is folded from past events with `evolve`;
 * `decide` turns a command and the state into new events or a domain error.
 */
export interface Decider<State, Event extends DomainEvent> {
  readonly initialState: () => State;
  readonly evolve: (state: State, event: Event) => State;
}

export const foldEvents = <State, Event extends DomainEvent>(
  decider: Decider<State, Event>,
  events: ReadonlyArray<Event>,
): State => events.reduce(decider.evolve, decider.initialState());
