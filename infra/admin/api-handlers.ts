import { Effect } from "effect";
import type { HttpApiBuilder } from "effect/http-api";
import { NotFound } from "../../domain/shared";
import { SqlError } from "../db/Database";
import { ModuleCatalogue } from "../eventstore/catalogue";
import { rebuildProjections, verifyProjections } from "../eventstore/rebuild";
import type { AdminApi } from "./api";

/** The read model of that name, or 404. */
const projectionNamed = (name: string) =>
  Effect.gen(function* () {
    const { projections } = yield* ModuleCatalogue;
    return projections.find((p) => p.name === name) ?? (yield* new NotFound({ what: "projection" }));
  });

/** A database failure (verify's own included) is the server's, answered 500 (never declared). */
const serverFailure = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  effect.pipe(Effect.catchIf((error: unknown): error is SqlError => error instanceof SqlError, Effect.die)) as Effect.Effect<A, Exclude<E, SqlError>, R>;

export const adminHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof AdminApi>) =>
  handlers
    .handle("rebuild", ({ params }) =>
      serverFailure(
        Effect.gen(function* () {
          const projection = yield* projectionNamed(params.name);
          return { projection: projection.name, ...(yield* rebuildProjections([projection])) };
        }),
      ),
    )
    .handle("verify", ({ params }) =>
      serverFailure(
        Effect.gen(function* () {
          const projection = yield* projectionNamed(params.name);
          return { projection: projection.name, ...(yield* verifyProjections([projection])) };
        }),
      ),
    );
