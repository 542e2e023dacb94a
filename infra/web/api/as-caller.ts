import { type Context, Effect } from "effect";
import type { Caller } from "../../../domain/shared";
import { SqlError } from "../../db/Database";
import { CurrentCaller } from "./guard";

/**
 * A module's handlers' one way to reach its service: `const asCaller = asCallerOf(Reviews)`, then
 * `asCaller((reviews, caller) => reviews.list(caller.workspaceId, …))` runs the operation as the
 * guard's caller. A database failure is the server's: never declared, answered 500 by the guard.
 */
export const asCallerOf =
  <Id, Service>(tag: Context.Key<Id, Service>) =>
  <A, E, R = never>(operation: (service: Service, caller: Caller) => Effect.Effect<A, E | SqlError, R>) =>
    Effect.gen(function* () {
      return yield* operation(yield* tag, yield* CurrentCaller);
    }).pipe(Effect.catchIf((error): error is SqlError => error instanceof SqlError, Effect.die)) as Effect.Effect<
      A,
      Exclude<E, SqlError>,
      R | Id | CurrentCaller
    >;
