import { Effect } from "effect";
import { HttpApiBuilder } from "effect/http-api";
import type { Caller } from "../../domain/shared";
import { SqlError } from "../db/Database";
import { CurrentCaller } from "../web/api/guard";
import type { CategoriesApi } from "./api";
import { Categories } from "./Categories";

/** Runs an operation as the guard's caller; a database failure is the server's, answered 500 (never declared). */
const asCaller = <A, E>(operation: (categories: Categories["Service"], caller: Caller) => Effect.Effect<A, E | SqlError>) =>
  Effect.gen(function* () {
    return yield* operation(yield* Categories, yield* CurrentCaller);
  }).pipe(Effect.catchIf((error): error is SqlError => error instanceof SqlError, Effect.die)) as Effect.Effect<A, Exclude<E, SqlError>, Categories | CurrentCaller>;

/** The categories operations (./api.ts) on the Categories service; the app's API (infra/app-api.ts) serves them. */
export const categoriesHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof CategoriesApi>) =>
  handlers
    .handle("list", () => asCaller((categories, caller) => categories.list(caller.workspaceId)))
    .handle("get", ({ params }) => asCaller((categories, caller) => categories.get(caller.workspaceId, params.id)))
    .handle("create", ({ payload }) => asCaller((categories, caller) => categories.create(caller, payload)))
    .handle("update", ({ params, payload }) => asCaller((categories, caller) => categories.update(caller, params.id, payload)))
    .handle("remove", ({ params }) => asCaller((categories, caller) => categories.remove(caller, params.id)))
    .handle("evergreen", ({ params, payload }) => asCaller((categories, caller) => categories.setEvergreen(caller, params.id, payload)));
