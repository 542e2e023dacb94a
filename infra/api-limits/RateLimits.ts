import { Context, Effect, Layer } from "effect";
import { Database, type SqlError } from "../db/Database";

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

/**
 * Requests per API key, counted in PostgreSQL so that every app process shares one count: a fixed
 * window per key that starts with its first request after the last window ended, counted by one
 * upsert per request (no read before it, no lock held).
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
        // now() is the statement's one instant: the window's test and its new start agree.
        const [row] = yield* db.query(
          (sql) => sql<{ count: number; reset: number }[]>`
            insert into api_rate_limits as r (key_id, window_start, count) values (${keyId}, now(), 1)
            on conflict (key_id) do update set
              window_start = case when r.window_start <= now() - make_interval(secs => ${RATE_LIMIT_WINDOW_SECONDS}) then now() else r.window_start end,
              count = case when r.window_start <= now() - make_interval(secs => ${RATE_LIMIT_WINDOW_SECONDS}) then 1 else r.count + 1 end
            returning count, extract(epoch from window_start + make_interval(secs => ${RATE_LIMIT_WINDOW_SECONDS}) - now())::float8 as reset`,
        );
        return {
          limit,
          remaining: Math.max(0, limit - row!.count),
          resetSeconds: Math.max(1, Math.ceil(row!.reset)),
          exceeded: row!.count > limit,
        };
      });
      return { count };
    }),
  );
}
