import { Effect } from "effect";
import { handlesEvent, type Projection, type RecordedEvent } from "../../domain/shared";
import { Database, SqlError } from "../db/Database";
import { EVENT_COLUMNS, type EventRow, StoredEvents, toRecordedEvent } from "./EventStore";
import { writeBatch } from "./row-changes";

const BATCH = 5_000;

interface Checkpoint {
  readonly position: number;
  readonly transactionId: string;
}

/** Whether an event (by its transaction and position) may be fed to a projection. */
type Admit = (transactionId: bigint, position: number) => boolean;

const isAtOrBefore = (checkpoint: Checkpoint): Admit => {
  const cp = BigInt(checkpoint.transactionId);
  return (tx, position) => tx < cp || (tx === cp && position <= checkpoint.position);
};

const laterOf = (a: Checkpoint | undefined, b: Checkpoint): Checkpoint =>
  !a || BigInt(b.transactionId) > BigInt(a.transactionId) ||
  (BigInt(b.transactionId) === BigInt(a.transactionId) && b.position > a.position)
    ? b
    : a;

/**
 * Feeds every event to the projections, in log order, batch by batch, each projection only what
 * its `admit` lets through. Answers the number of events read and, per projection, the furthest
 * event (in transaction order, the async projector's order) it was fed.
 */
const feedAll = (projections: ReadonlyArray<Projection>, admit: ReadonlyMap<string, Admit> = new Map()) =>
  Effect.gen(function* () {
    const db = yield* Database;
    const stored = yield* StoredEvents;
    let after = 0;
    let count = 0;
    const reached = new Map<string, Checkpoint>();
    for (;;) {
      const rows = yield* db.query(
        (sql) => sql<(EventRow & { transaction_id: string })[]>`
          select ${sql.unsafe(EVENT_COLUMNS)},
                 transaction_id::text as transaction_id
          from events where global_position > ${after} order by global_position limit ${BATCH}`,
      );
      if (rows.length === 0) break;
      const events = rows.map((row) => ({
        event: toRecordedEvent(stored, row),
        transactionId: row.transaction_id,
      }));
      for (const projection of projections) {
        const admits = admit.get(projection.name);
        const fed = events.filter(
          ({ event, transactionId }) =>
            handlesEvent(projection, event.type) && (!admits || admits(BigInt(transactionId), event.globalPosition)),
        );
        for (const { event, transactionId } of fed) {
          reached.set(projection.name, laterOf(reached.get(projection.name), { position: event.globalPosition, transactionId }));
        }
        yield* writeBatch(projection.tables, fed.flatMap(({ event }) => projection.project(event)));
      }
      count += rows.length;
      after = Number(rows.at(-1)!.global_position);
    }
    return { count, reached };
  });

/**
 * Empties the projections' tables and projects the whole log again, in one transaction: appends that
 * touch these tables wait for it, and a failure leaves the old read models in place.
 */
export const rebuildProjections = Effect.fn("Projections.rebuild")(function* (projections: ReadonlyArray<Projection>) {
  const db = yield* Database;
  const asyncNames = projections.filter((p) => p.kind === "async").map((p) => p.name);
  return yield* db.withTransaction(
    Effect.gen(function* () {
      // The async projector takes its checkpoint row (for update skip locked) before it writes its
      // tables: held here first, a projector skips its round instead of holding a table the truncate
      // waits for while it waits on this transaction's checkpoint (a deadlock).
      yield* db.query((sql) => sql`select name from projection_checkpoints where name = any(${asyncNames}) for update`);
      const tables = projections.flatMap((p) => p.tables.map((t) => t.name));
      yield* db.query((sql) => sql.unsafe(`truncate ${tables.map((t) => `"${t}"`).join(", ")}`));
      const started = Date.now();
      // Async projections take only what their projector could: events of transactions older than
      // any still running. Their checkpoint is the last of those, so the projector goes on from there.
      const [{ horizon }] = yield* db.query(
        (sql) => sql<{ horizon: string }[]>`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon`,
      );
      const belowHorizon: Admit = (tx) => tx < BigInt(horizon);
      const asyncProjections = projections.filter((p) => p.kind === "async");
      const { count, reached } = yield* feedAll(projections, new Map(asyncProjections.map((p) => [p.name, belowHorizon])));
      for (const projection of asyncProjections) {
        const checkpoint = reached.get(projection.name);
        yield* db.query(
          (sql) => sql`
            insert into projection_checkpoints (name, last_position, last_transaction_id, updated_at)
            values (${projection.name}, ${checkpoint?.position ?? 0}, ${checkpoint?.transactionId ?? "0"}::xid8, now())
            on conflict (name) do update set last_position = excluded.last_position,
              last_transaction_id = excluded.last_transaction_id, updated_at = now()`,
        );
      }
      return { events: count, milliseconds: Date.now() - started };
    }),
  ).pipe(
    // An append writing two of these tables in another order than the truncate takes them can still
    // meet it in a deadlock; PostgreSQL aborts one side, and the whole rebuild is safe to run again.
    Effect.retry({ times: 2, while: (error) => error instanceof SqlError && error.code === "40P01" }),
  );
});

export interface TableDifference {
  readonly projection: string;
  readonly table: string;
  /** Rows the live table has that a rebuild would not produce. */
  readonly onlyLive: number;
  /** Rows a rebuild produces that the live table lacks. */
  readonly onlyRebuilt: number;
  readonly examples: ReadonlyArray<{ readonly side: "live" | "rebuilt"; readonly row: unknown }>;
}

/**
 * Rebuilds into scratch copies of the tables (a schema of its own, first on the search path) and
 * compares them with the live ones; everything is rolled back. Async projections are compared up
 * to their checkpoint, so lag is not reported as a difference.
 */
export const verifyProjections = Effect.fn("Projections.verify")(function* (projections: ReadonlyArray<Projection>) {
  const db = yield* Database;
  const outcome = yield* db
    .withTransaction(
      Effect.gen(function* () {
        // One snapshot for the checkpoints, the log and the live tables: under read committed an
        // append or a projector step landing mid-way showed up as rows "only live".
        yield* db.query((sql) => sql`set transaction isolation level repeatable read`);
        const [{ schema }] = yield* db.query((sql) => sql<{ schema: string }[]>`select current_schema() as schema`);
        const scratch = `verify_${Date.now().toString(36)}`;
        yield* db.query((sql) => sql.unsafe(`create schema "${scratch}"`));
        for (const table of projections.flatMap((p) => p.tables.map((t) => t.name))) {
          yield* db.query((sql) => sql.unsafe(`create table "${scratch}"."${table}" (like "${schema}"."${table}" including defaults including indexes)`));
        }
        const checkpoints = new Map<string, Admit>();
        const rows = yield* db.query(
          (sql) => sql<
            {
              name: string;
              last_position: string;
              last_transaction_id: string;
            }[]
          >`
          select name, last_position, last_transaction_id::text from projection_checkpoints`,
        );
        for (const projection of projections.filter((p) => p.kind === "async")) {
          const row = rows.find((r) => r.name === projection.name);
          checkpoints.set(
            projection.name,
            isAtOrBefore({
              position: Number(row?.last_position ?? 0),
              transactionId: row?.last_transaction_id ?? "0",
            }),
          );
        }
        yield* db.query((sql) => sql.unsafe(`set local search_path to "${scratch}", "${schema}"`));
        const { count } = yield* feedAll(projections, checkpoints);

        const differences: TableDifference[] = [];
        for (const projection of projections) {
          for (const { name: table } of projection.tables) {
            const live = `"${schema}"."${table}"`;
            const rebuilt = `"${scratch}"."${table}"`;
            const onlyLive = yield* db.query((sql) =>
              sql.unsafe<{ row: unknown }[]>(`select to_jsonb(d) as row from (select * from ${live} except all select * from ${rebuilt}) d`),
            );
            const onlyRebuilt = yield* db.query((sql) =>
              sql.unsafe<{ row: unknown }[]>(`select to_jsonb(d) as row from (select * from ${rebuilt} except all select * from ${live}) d`),
            );
            if (onlyLive.length + onlyRebuilt.length > 0) {
              differences.push({
                projection: projection.name,
                table,
                onlyLive: onlyLive.length,
                onlyRebuilt: onlyRebuilt.length,
                examples: [
                  ...onlyLive.slice(0, 3).map((r) => ({ side: "live" as const, row: r.row })),
                  ...onlyRebuilt.slice(0, 3).map((r) => ({ side: "rebuilt" as const, row: r.row })),
                ],
              });
            }
          }
        }
        // Throwing away the scratch schema and everything else: verify changes nothing.
        return yield* Effect.fail({
          _tag: "VerifyDone" as const,
          events: count,
          differences,
        });
      }),
    )
    .pipe(Effect.catchTag("VerifyDone", (done) => Effect.succeed(done)));
  return { events: outcome.events, differences: outcome.differences };
});
