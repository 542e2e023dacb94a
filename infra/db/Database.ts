import { Context, Effect, Layer, Schema } from "effect";
import postgres from "postgres";

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
    /**
     * Runs write-only work inside the current transaction with its statements pipelined: each
     * `query` is sent at once, in order, on the transaction's connection, without waiting for the
     * answer (its result is `undefined`); all answers are awaited at the end. For replays, where
     * one round trip per event would dominate.
     */
    readonly pipelined: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E | SqlError, Exclude<R, Database>>;
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

    const pipelined = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      Effect.flatMap(CurrentTransaction, (tx) => {
        if (!tx) return Effect.die(new Error("Database.pipelined needs a transaction"));
        const sent: Promise<void>[] = [];
        let failure: unknown = null;
        const sendOnly = <A>(run: (sql: Sql) => Promise<A>) =>
          Effect.sync(() => {
            const pending = run(tx) as Promise<A> & { execute?: () => unknown };
            pending.execute?.();
            sent.push(pending.then(() => undefined, (error) => void (failure ??= error)));
            return undefined as A;
          });
        const service: Database["Service"] = { pool, query: sendOnly, withTransaction, pipelined };
        return Effect.flatMap(Effect.provideService(effect, Database, service), (value) =>
          Effect.flatMap(
            Effect.promise(() => Promise.all(sent)),
            () => (failure ? Effect.fail(toSqlError(failure)) : Effect.succeed(value)),
          ),
        );
      }) as Effect.Effect<A, E | SqlError, Exclude<R, Database>>;

    return { pool, query, withTransaction, pipelined };
  };

  /** A pool for the given URL (or the URL an effect finds), closed when the layer is released. */
  static layerFrom = <E>(url: Effect.Effect<string, E>, options: { max?: number } = {}) =>
    Layer.effect(
      Database,
      Effect.acquireRelease(
        Effect.map(url, (url) =>
          Database.make(
            postgres(url, {
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
