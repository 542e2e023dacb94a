import { Effect } from "effect";
import { Database } from "../db/Database";
import { EVENT_COLUMNS, type EventRow, StoredEvents, toRecordedEvent } from "./EventStore";
import type { Projection } from "../../domain/shared";
import { writeBatch } from "./row-changes";

const BATCH = 1_000;

/**
 * Moves one async projection forward from its checkpoint. It reads only events of transactions older
 * than the oldest one still running (Emmett's xid8 snapshot rule): an event committed later with a
 * smaller position can never be skipped. The checkpoint row is locked, so two workers never
 * process the same events; a worker that finds it locked skips this round.
 */
export const advanceProjection = Effect.fn("Projections.advance")(function* (projection: Projection) {
  const db = yield* Database;
  const events = yield* StoredEvents;
  return yield* db.withTransaction(
    Effect.gen(function* () {
      yield* db.query(
        (sql) => sql`insert into projection_checkpoints (name) values (${projection.name}) on conflict do nothing`,
      );
      const [checkpoint] = yield* db.query(
        (sql) => sql<{ last_position: string; last_transaction_id: string }[]>`
          select last_position, last_transaction_id::text from projection_checkpoints
          where name = ${projection.name} for update skip locked`,
      );
      if (!checkpoint) return 0;
      const types = projection.handles === "all" ? null : [...projection.handles];
      const rows = yield* db.query(
        (sql) => sql<(EventRow & { transaction_id: string })[]>`
          select ${sql.unsafe(EVENT_COLUMNS)},
                 transaction_id::text as transaction_id
          from events
          where (transaction_id, global_position) > (${checkpoint.last_transaction_id}::xid8, ${checkpoint.last_position}::bigint)
            and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
            ${types ? sql`and type = any(${types})` : sql``}
          -- Qualified: the bare name would sort by the text column of the select list ("1000" < "999").
          order by events.transaction_id, events.global_position
          limit ${BATCH}`,
      );
      yield* writeBatch(
        projection.tables,
        rows.flatMap((row) => projection.project(toRecordedEvent(events, row))),
      );
      const last = rows.at(-1);
      if (last) {
        yield* db.query(
          (sql) => sql`update projection_checkpoints
                       set last_position = ${last.global_position}, last_transaction_id = ${last.transaction_id}::xid8,
                           updated_at = now()
                       where name = ${projection.name}`,
        );
      }
      return rows.length;
    }),
  );
});

/** Runs every async projection until each has caught up with what is visible now. */
/**
 * Whether an async projection has events after its checkpoint: one statement, without a transaction,
 * so that a worker with nothing to project (most of its rounds) costs the database little.
 */
const hasPending = Effect.fn("Projections.hasPending")(function* (projection: Projection) {
  const db = yield* Database;
  const types = projection.handles === "all" ? null : [...projection.handles];
  const [{ pending }] = yield* db.query(
    (sql) => sql<{ pending: boolean }[]>`
      select not exists (select 1 from projection_checkpoints where name = ${projection.name})
          or exists (select 1 from events e, projection_checkpoints c
                     where c.name = ${projection.name}
                       and (e.transaction_id, e.global_position) > (c.last_transaction_id, c.last_position)
                       ${types ? sql`and e.type = any(${types})` : sql``}) as pending`,
  );
  return pending;
});

export const catchUpAsyncProjections = Effect.fn("Projections.catchUp")(function* (projections: ReadonlyArray<Projection>) {
  let total = 0;
  for (const projection of projections.filter((p) => p.kind === "async")) {
    if (!(yield* hasPending(projection))) continue;
    for (;;) {
      const processed = yield* advanceProjection(projection);
      total += processed;
      if (processed < BATCH) break;
    }
  }
  return total;
});

export interface ProjectionStatus {
  readonly name: string;
  readonly kind: "inline" | "async";
  readonly tables: ReadonlyArray<string>;
  /** Global position the projection has applied up to. */
  readonly checkpoint: number;
  /** Events it has still to apply. */
  readonly lag: number;
}

/** Checkpoint and lag of every projection; inline ones are always at the head of the log. */
export const projectionStatuses = Effect.fn("Projections.status")(function* (projections: ReadonlyArray<Projection>) {
  const db = yield* Database;
  const [{ head }] = yield* db.query(
    (sql) => sql<{ head: string }[]>`select coalesce(max(global_position), 0) as head from events`,
  );
  const statuses: ProjectionStatus[] = [];
  for (const projection of projections) {
    if (projection.kind === "inline") {
      statuses.push({ name: projection.name, kind: "inline", tables: projection.tables.map((t) => t.name), checkpoint: Number(head), lag: 0 });
      continue;
    }
    const types = projection.handles === "all" ? null : [...projection.handles];
    const [row] = yield* db.query(
      (sql) => sql<{ checkpoint: string; lag: number }[]>`
        select coalesce(c.last_position, 0) as checkpoint,
               (select count(*)::int from events e
                 where (e.transaction_id, e.global_position) > (coalesce(c.last_transaction_id, '0'::xid8), coalesce(c.last_position, 0))
                 ${types ? sql`and e.type = any(${types})` : sql``}) as lag
        from (select 1) one left join projection_checkpoints c on c.name = ${projection.name}`,
    );
    statuses.push({
      name: projection.name,
      kind: "async",
      tables: projection.tables.map((t) => t.name),
      checkpoint: Number(row.checkpoint),
      lag: row.lag,
    });
  }
  return statuses;
});
