import { type Context, Effect } from "effect";
import type { Caller } from "../../../domain/shared";
import { SqlError } from "../../db/Database";
import { CurrentCaller } from "./guard";

/**
 * Runs a declared operation's work as the guard's caller. A database failure is the server's, never
 * declared: it dies, and the guard logs it and answers 500.
 */
export const asCaller = <A, E, R>(operation: (caller: Caller) => Effect.Effect<A, E | SqlError, R>) =>
  Effect.gen(function* () {
    return yield* operation(yield* CurrentCaller);
  }).pipe(Effect.catchIf((error): error is SqlError => error instanceof SqlError, Effect.die)) as Effect.Effect<A, Exclude<E, SqlError>, R | CurrentCaller>;

/**
 * `asCaller` on one service: `const asCaller = asCallerOf(Reviews)`, then
 * `asCaller((reviews, caller) => reviews.list(caller.workspaceId, …))`.
 */
export const asCallerOf =
  <Id, Service>(tag: Context.Key<Id, Service>) =>
  <A, E, R = never>(operation: (service: Service, caller: Caller) => Effect.Effect<A, E | SqlError, R>) =>
    asCaller((caller) =>
      Effect.gen(function* () {
        return yield* operation(yield* tag, caller);
      }),
    ) as Effect.Effect<A, Exclude<E, SqlError>, R | Id | CurrentCaller>;
