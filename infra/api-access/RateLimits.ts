import { Context, Effect, Layer } from "effect";
import { Database, type Sql, type SqlError } from "../db/Database";

/** The window of every key's limit, in seconds: the limits are requests a minute. */
export const RATE_LIMIT_WINDOW_SECONDS = 60;

/** Where a key stands after counting a request. */
export interface RateLimitCount {
  /** Requests the key may make in a window. */
  readonly limit: number;
  /** Requests it may still make in this window (0 when over). */
  readonly remaining: number;
  /** Whole seconds until the window ends and the count starts again (at least 1). */
  readonly resetSeconds: number;
  /** This request is past the limit: it is refused (429). */
  readonly exceeded: boolean;
}

/** How many requests a key has made in its window, and when the window ends: what one count answers. */
export interface CountedRequests {
  readonly count: number;
  /** Seconds until the window ends (a fraction). */
  readonly reset: number;
}

/**
 * The one statement that counts a request of each key `keys` selects (a query answering `id`): a
 * fixed window per key that starts with its first request after the last window ended, one upsert
 * (no read before it, no lock held), answering `key_id`, `count` and `reset`. The key's lookup runs
 * it in the same statement (ApiKeys.find), so a keyed request costs no more round trips than a session.
 */
export const countRequests = (sql: Sql, keys: ReturnType<Sql>) => sql`
  insert into api_rate_limits as r (key_id, window_start, count) select id, now(), 1 from (${keys}) as keys
  on conflict (key_id) do update set
    window_start = case when r.window_start <= now() - make_interval(secs => ${RATE_LIMIT_WINDOW_SECONDS}) then now() else r.window_start end,
    count = case when r.window_start <= now() - make_interval(secs => ${RATE_LIMIT_WINDOW_SECONDS}) then 1 else r.count + 1 end
  returning key_id, count, extract(epoch from window_start + make_interval(secs => ${RATE_LIMIT_WINDOW_SECONDS}) - now())::float8 as reset`;

/** Where a key stands against `limit` requests a window after a count. */
export const standingOf = (counted: CountedRequests, limit: number): RateLimitCount => ({
  limit,
  remaining: Math.max(0, limit - counted.count),
  resetSeconds: Math.max(1, Math.ceil(counted.reset)),
  exceeded: counted.count > limit,
});

/**
 * Requests per API key, counted in PostgreSQL so that every app process shares one count
 * (`countRequests`): a request with a key is counted as its key is looked up; this counts one
 * outside a request (another process, a test).
 */
export class RateLimits extends Context.Service<
  RateLimits,
  {
    /** Counts a request of the key against `limit` a window. */
    readonly count: (keyId: string, limit: number) => Effect.Effect<RateLimitCount, SqlError>;
  }
>()("app/RateLimits") {
  static layer = Layer.effect(
    RateLimits,
    Effect.gen(function* () {
      const db = yield* Database;
      const count = Effect.fn("RateLimits.count")(function* (keyId: string, limit: number) {
        const [row] = yield* db.query((sql) => sql<CountedRequests[]>`${countRequests(sql, sql`select ${keyId}::text as id`)}`);
        return standingOf(row!, limit);
      });
      return { count };
    }),
  );
}
