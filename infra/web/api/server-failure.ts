import { Effect } from "effect";
import { SqlError } from "../../db/Database";

/**
 * An operation's effect with its database failures made the server's: never declared, logged by
 * the guard and answered 500 with no internals (a person cannot act on them).
 */
export const dieOnSqlError = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, Exclude<E, SqlError>, R> =>
  effect.pipe(Effect.catchIf((error): error is Extract<E, SqlError> => error instanceof SqlError, Effect.die)) as Effect.Effect<A, Exclude<E, SqlError>, R>;
