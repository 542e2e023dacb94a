import { type Context, Effect } from "effect";
import { type Caller, InvalidInput } from "../../../domain/shared";
import { SqlError } from "../../db/Database";
import { CurrentCaller } from "./guard";

/** A database failure is the server's, never a declared refusal: the guard logs it and answers 500. */
export const dieOnSqlError = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, Exclude<E, SqlError>, R> =>
  effect.pipe(Effect.catchIf((error) => error instanceof SqlError, Effect.die)) as Effect.Effect<A, Exclude<E, SqlError>, R>;

/**
 * A handler's operation on a module's service as the guard's caller:
 * `onService(Categories)((categories, caller) => categories.list(caller.workspaceId))`.
 */
export const onService =
  <I, S>(service: Context.Key<I, S>) =>
  <A, E, R = never>(operation: (service: S, caller: Caller) => Effect.Effect<A, E, R>): Effect.Effect<A, Exclude<E, SqlError>, I | R | CurrentCaller> =>
    dieOnSqlError(
      Effect.gen(function* () {
        return yield* operation(yield* service, yield* CurrentCaller);
      }),
    );

/** A handler's read with the guard's caller, on whatever services it names. */
export const withCaller = <A, E, R>(operation: (caller: Caller) => Effect.Effect<A, E, R>): Effect.Effect<A, Exclude<E, SqlError>, R | CurrentCaller> =>
  dieOnSqlError(Effect.flatMap(CurrentCaller, operation));

export const IF_MATCH_MESSAGE = "If-Match must be the version the item was read with, as its ETag gives it.";

/** The version a write was based on: the `If-Match` header (the ETag it read) when sent, else the body's. */
export const expectedVersionOf = (ifMatch: string | undefined, fromBody: number | undefined): Effect.Effect<number | undefined, InvalidInput> => {
  if (ifMatch === undefined) return Effect.succeed(fromBody);
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(ifMatch.trim());
  return match ? Effect.succeed(Number(match[1])) : Effect.fail(new InvalidInput({ message: IF_MATCH_MESSAGE }));
};
