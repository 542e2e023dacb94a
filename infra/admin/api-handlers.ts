import { Effect } from "effect";
import type { HttpApiBuilder } from "effect/http-api";
import { NotFound } from "../../domain/shared";
import { ModuleCatalogue } from "../eventstore/catalogue";
import { rebuildProjections, verifyProjections } from "../eventstore/rebuild";
import type { AdminApi } from "./api";
import { dieOnSqlError } from "../web/api/handlers";

/** The read model of that name, or 404. */
const projectionNamed = (name: string) =>
  Effect.gen(function* () {
    const { projections } = yield* ModuleCatalogue;
    return projections.find((p) => p.name === name) ?? (yield* new NotFound({ what: "projection" }));
  });

export const adminHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof AdminApi>) =>
  handlers
    .handle("rebuild", ({ params }) =>
      dieOnSqlError(
        Effect.gen(function* () {
          const projection = yield* projectionNamed(params.name);
          return { projection: projection.name, ...(yield* rebuildProjections([projection])) };
        }),
      ),
    )
    .handle("verify", ({ params }) =>
      dieOnSqlError(
        Effect.gen(function* () {
          const projection = yield* projectionNamed(params.name);
          return { projection: projection.name, ...(yield* verifyProjections([projection])) };
        }),
      ),
    );
