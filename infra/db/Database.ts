import { Context, Effect, Layer, Schema } from "effect";
import postgres from "postgres";
import { sqlClient } from "./client";

export type Sql = postgres.Sql;

/** A query the database refused; `code` is PostgreSQL's SQLSTATE (23505 unique violation, ...). */
export class SqlError extends Schema.TaggedError<SqlError>()("SqlError", {
  message: Schema.String,
  code: Schema.optional(Schema.String),
  constraint: Schema.optional(Schema.String),
}) {}

export const UNIQUE_VIOLATION = "23505";

const toSqlError = (cause: unknown): SqlError => {
  const e = cause as { message?: string; code?: string; constraint_name?: string };
  return new SqlError({ message: e?.message ?? String(cause), code: e?.code, constraint: e?.constraint_name });
};

/** The transaction the current fiber runs in, if any; queries join it. */
const CurrentTransaction = Context.Reference<Sql | null>("app/CurrentTransaction", { defaultValue: () => null });

/**
 * The one PostgreSQL client of a process (porsager `postgres`), with transactions that follow the
 * fiber: every `query` inside `withTransaction` runs on the transaction's connection.
 */
export class Database extends Context.Service<
  Database,
  {
    readonly pool: Sql;
    readonly query: <A>(run: (sql: Sql) => Promise<A>) => Effect.Effect<A, SqlError>;
    readonly withTransaction: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E | SqlError, R>;
  }
>()("app/Database") {
  static make = (pool: Sql): Database["Service"] => {
    const query = <A>(run: (sql: Sql) => Promise<A>) =>
      Effect.flatMap(CurrentTransaction, (tx) =>
        Effect.tryPromise({ try: () => run(tx ?? pool), catch: toSqlError }),
      );

    const withTransaction = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E | SqlError, R> =>
      Effect.flatMap(CurrentTransaction, (outer) => {
        if (outer) return effect;
        return Effect.acquireUseRelease(
          Effect.tryPromise({ try: () => pool.reserve(), catch: toSqlError }),
          (connection) =>
            Effect.gen(function* () {
              yield* Effect.tryPromise({ try: () => connection`begin`, catch: toSqlError });
              const exit = yield* Effect.exit(Effect.provideService(effect, CurrentTransaction, connection));
              if (exit._tag === "Success") {
                yield* Effect.tryPromise({ try: () => connection`commit`, catch: toSqlError });
              } else {
                yield* Effect.promise(() => connection`rollback`.catch(() => undefined));
              }
              return yield* exit;
            }),
          (connection) => Effect.sync(() => connection.release()),
        );
      });

    return { pool, query, withTransaction };
  };

  /** A pool for the given URL (or the URL an effect finds), closed when the layer is released. */
  static layerFrom = <E>(url: Effect.Effect<string, E>, options: { max?: number } = {}) =>
    Layer.effect(
      Database,
      Effect.acquireRelease(
        Effect.map(url, (url) =>
          Database.make(
            sqlClient(url, {
              max: options.max ?? 10,
              onnotice: () => {},
              transform: { undefined: null },
            }),
          ),
        ),
        (db) => Effect.promise(() => db.pool.end({ timeout: 5 })),
      ),
    );
}
