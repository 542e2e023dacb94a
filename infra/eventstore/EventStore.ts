import { Context, Effect, Layer } from "effect";
import {
  ConcurrencyConflict,
  type DomainEvent,
  type EventDecoder,
  type EventMetadata,
  type ExpectedVersion,
  handlesEvent,
  type Projection,
  type RecordedEvent,
} from "../../domain/shared";
import { Database, type Sql, type SqlError } from "../db/Database";
import type { Reaction } from "./reactions";
import { writeBatch, writeChanges } from "./row-changes";

export interface AppendOptions {
  readonly expectedVersion: ExpectedVersion;
  readonly metadata: EventMetadata;
  /** When it happened: commands carry the time, the store has no clock of its own. */
  readonly now: Date;
}

/** One stream's part of a batch: events decided on `expectedVersion` (an existing stream's, or 0 for a stream it starts). */
export interface BatchAppend {
  readonly streamId: string;
  readonly events: ReadonlyArray<DomainEvent>;
  readonly expectedVersion: number;
  readonly metadata: EventMetadata;
}

export interface AppendResult {
  readonly nextVersion: number;
  readonly events: ReadonlyArray<RecordedEvent>;
}

export interface EventRow {
  global_position: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  created_at: Date;
}

/** The columns an `EventRow` is read from. */
export const EVENT_COLUMNS = "global_position, stream_id, stream_version, type, schema_version, data, metadata, created_at";

/** Every module's event schemas and upcasters: stored events are read through it, never as raw JSON. */
export class StoredEvents extends Context.Service<StoredEvents, EventDecoder>()("app/StoredEvents") {}

/** A stored row as the event it is now: upcast from its schema version, then decoded. */
export const toRecordedEvent = (events: EventDecoder, row: EventRow): RecordedEvent => ({
  globalPosition: Number(row.global_position),
  streamId: row.stream_id,
  streamVersion: row.stream_version,
  type: row.type,
  data: events.decode(row.type, row.schema_version, row.data, {
    streamId: row.stream_id,
    metadata: row.metadata,
  }),
  metadata: row.metadata,
  createdAt: row.created_at,
});

/** Streams whose events go in one insert statement at most: within the driver's parameter limit. */
const STREAMS_PER_STATEMENT = 500;

/** The read models and reactions kept inline with every append. */
export class InlineHandlers extends Context.Service<
  InlineHandlers,
  { readonly projections: ReadonlyArray<Projection>; readonly reactions: ReadonlyArray<Reaction> }
>()("app/InlineHandlers") {}

/** Moves the stream's version from `expected` to `expected + count`, or says who got there first. */
const claimVersions = (sql: Sql, streamId: string, expected: ExpectedVersion, count: number, now: Date) => {
  if (expected === "any") {
    return sql<{ version: number }[]>`
      insert into streams (stream_id, version, updated_at) values (${streamId}, ${count}, ${now})
      on conflict (stream_id) do update set version = streams.version + ${count}, updated_at = ${now}
      returning version`;
  }
  if (expected === "no_stream" || expected === 0) {
    return sql<{ version: number }[]>`
      insert into streams (stream_id, version, updated_at) values (${streamId}, ${count}, ${now})
      on conflict (stream_id) do nothing
      returning version`;
  }
  return sql<{ version: number }[]>`
    update streams set version = version + ${count}, updated_at = ${now}
    where stream_id = ${streamId} and version = ${expected}
    returning version`;
};

export class EventStore extends Context.Service<
  EventStore,
  {
    readonly append: (
      streamId: string,
      events: ReadonlyArray<DomainEvent>,
      options: AppendOptions,
    ) => Effect.Effect<AppendResult, ConcurrencyConflict | SqlError>;
    /**
     * Appends to many streams in one transaction (group commit, a bulk upload's thousands; new ones
     * start at version 0): all or nothing; one stream moved on by another writer (or already there)
     * fails the batch with its ConcurrencyConflict. The reactions get the whole batch at once.
     */
    readonly appendMany: (batch: ReadonlyArray<BatchAppend>, now: Date) => Effect.Effect<ReadonlyArray<AppendResult>, ConcurrencyConflict | SqlError>;
    readonly readStream: (streamId: string) => Effect.Effect<{ readonly version: number; readonly events: ReadonlyArray<RecordedEvent> }, SqlError>;
  }
>()("app/EventStore") {
  static layer = Layer.effect(
    EventStore,
    Effect.gen(function* () {
      const db = yield* Database;
      const { projections, reactions } = yield* InlineHandlers;
      const events = yield* StoredEvents;

      /**
       * The reactions to an append's events, once its read models are written: a reaction reads what
       * the whole append left (an approved post as scheduled, or as being published), and a batch's
       * events reach `reactMany` together, however many statements the batch took.
       */
      const react = (recorded: ReadonlyArray<RecordedEvent>) =>
        Effect.gen(function* () {
          for (const reaction of reactions) {
            const handled = recorded.filter((event) => reaction.handles.includes(event.type));
            if (handled.length === 0) continue;
            yield* reaction.reactMany ? reaction.reactMany(handled) : Effect.forEach(handled, reaction.react, { discard: true });
          }
        }).pipe(Effect.provideService(Database, db));

      const runInline = (recorded: ReadonlyArray<RecordedEvent>) =>
        Effect.gen(function* () {
          for (const event of recorded) {
            for (const projection of projections) {
              if (projection.kind === "inline" && handlesEvent(projection, event.type)) yield* writeChanges(projection.project(event));
            }
          }
          yield* react(recorded);
        }).pipe(Effect.provideService(Database, db));

      const append = Effect.fn("EventStore.append")(function* (streamId: string, appended: ReadonlyArray<DomainEvent>, options: AppendOptions) {
        return yield* db.withTransaction(
          Effect.gen(function* () {
            const claimed = yield* db.query((sql) => claimVersions(sql, streamId, options.expectedVersion, appended.length, options.now));
            if (claimed.length === 0) {
              const [current] = yield* db.query((sql) => sql<{ version: number }[]>`select version from streams where stream_id = ${streamId}`);
              return yield* new ConcurrencyConflict({
                streamId,
                expected: String(options.expectedVersion),
                actual: current?.version ?? 0,
              });
            }
            const nextVersion = claimed[0].version;
            const firstVersion = nextVersion - appended.length + 1;
            // One statement for all of them: a command's events go in one round trip.
            const rows = yield* db.query(
              (sql) => sql<EventRow[]>`
                insert into events ${sql(
                  appended.map((event, index) => ({
                    stream_id: streamId,
                    stream_version: firstVersion + index,
                    type: event.type,
                    schema_version: events.versionOf(event.type),
                    data: sql.json(event.data as never),
                    metadata: sql.json(options.metadata as never),
                    created_at: options.now,
                  })),
                )}
                returning ${sql.unsafe(EVENT_COLUMNS)}`,
            );
            const recorded = rows.sort((a, b) => a.stream_version - b.stream_version).map((row) => toRecordedEvent(events, row));
            yield* runInline(recorded);
            return { nextVersion, events: recorded };
          }),
        );
      });

      const appendMany = Effect.fn("EventStore.appendMany")(function* (batch: ReadonlyArray<BatchAppend>, now: Date) {
        return yield* db.withTransaction(
          Effect.gen(function* () {
            const claimsOf = (items: ReadonlyArray<BatchAppend>) =>
              items.map((b) => ({ stream_id: b.streamId, expected: b.expectedVersion, count: b.events.length }));
            const existing = claimsOf(batch.filter((b) => b.expectedVersion > 0));
            const started = claimsOf(batch.filter((b) => b.expectedVersion === 0));
            const claimed = [
              ...(existing.length === 0
                ? []
                : yield* db.query(
                    (sql) => sql<{ stream_id: string; version: number }[]>`
                      update streams s set version = s.version + d.count, updated_at = ${now}
                      from jsonb_to_recordset(${sql.json(existing as never)}::jsonb) as d(stream_id text, expected bigint, count int)
                      where s.stream_id = d.stream_id and s.version = d.expected
                      returning s.stream_id, s.version`,
                  )),
              ...(started.length === 0
                ? []
                : yield* db.query(
                    (sql) => sql<{ stream_id: string; version: number }[]>`
                      insert into streams (stream_id, version, updated_at)
                      select d.stream_id, d.count, ${now} from jsonb_to_recordset(${sql.json(started as never)}::jsonb) as d(stream_id text, count int)
                      on conflict (stream_id) do nothing
                      returning stream_id, version`,
                  )),
            ];
            const versions = new Map(claimed.map((c) => [c.stream_id, Number(c.version)]));
            const moved = batch.find((b) => !versions.has(b.streamId));
            if (moved) return yield* new ConcurrencyConflict({ streamId: moved.streamId, expected: String(moved.expectedVersion), actual: -1 });
            const recorded: RecordedEvent[] = [];
            // A few hundred streams per statement (within the driver's parameter limit), each read model's changes merged per statement.
            for (let at = 0; at < batch.length; at += STREAMS_PER_STATEMENT) {
              const rows = yield* db.query(
                (sql) => sql<EventRow[]>`
                  insert into events ${sql(
                    batch.slice(at, at + STREAMS_PER_STATEMENT).flatMap((b) =>
                      b.events.map((event, index) => ({
                        stream_id: b.streamId,
                        stream_version: b.expectedVersion + 1 + index,
                        type: event.type,
                        schema_version: events.versionOf(event.type),
                        data: sql.json(event.data as never),
                        metadata: sql.json(b.metadata as never),
                        created_at: now,
                      })),
                    ),
                  )}
                  returning ${sql.unsafe(EVENT_COLUMNS)}`,
              );
              const written = rows.map((row) => toRecordedEvent(events, row)).sort((a, b) => a.globalPosition - b.globalPosition);
              for (const projection of projections) {
                if (projection.kind !== "inline") continue;
                const changes = written.flatMap((event) => (handlesEvent(projection, event.type) ? projection.project(event) : []));
                if (changes.length > 0) yield* writeBatch(projection.tables, changes).pipe(Effect.provideService(Database, db));
              }
              recorded.push(...written);
            }
            yield* react(recorded);
            const byStream = Map.groupBy(recorded, (e) => e.streamId);
            return batch.map((b) => ({
              nextVersion: versions.get(b.streamId)!,
              events: byStream.get(b.streamId) ?? [],
            }));
          }),
        );
      });

      const readStream = Effect.fn("EventStore.readStream")(function* (streamId: string) {
        const rows = yield* db.query(
          (sql) => sql<EventRow[]>`select ${sql.unsafe(EVENT_COLUMNS)} from events where stream_id = ${streamId} order by stream_version`,
        );
        const recorded = rows.map((row) => toRecordedEvent(events, row));
        return {
          version: recorded.at(-1)?.streamVersion ?? 0,
          events: recorded,
        };
      });

      return { append, appendMany, readStream };
    }),
  );
}
