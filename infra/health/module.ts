import { Cause, Effect } from "effect";
import type { HttpApiBuilder } from "effect/http-api";
import { Database } from "../db/Database";
import { liveWorkerCondition } from "../jobs/liveness";
import { logger } from "../log";
import { defineModule, moduleApi } from "../module";
import { HealthApi } from "./api";

/** Ready once the database answers and a live worker (infra/jobs/liveness.ts) has beaten in the last 30 s. */
const healthHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof HealthApi>) =>
  handlers.handle("health", () =>
    Effect.gen(function* () {
      const db = yield* Database;
      const exit = yield* Effect.exit(
        db.query(
          (sql) => sql<{ workers: number }[]>`
            select count(*)::int as workers from worker_heartbeats w
            where w.seen_at > now() - interval '30 seconds' and ${liveWorkerCondition(sql)}`,
        ),
      );
      if (exit._tag === "Failure") {
        logger.warn({ cause: Cause.pretty(exit.cause) }, "Health check: database unavailable");
        return yield* Effect.fail({ status: "unavailable", database: "down" } as const);
      }
      if (exit.value[0]!.workers === 0) return yield* Effect.fail({ status: "starting", worker: "not running" } as const);
      return { status: "ok" as const };
    }),
  );

/** The health check of the app's process: its database and its worker. */
export const healthModule = defineModule({
  name: "health",
  api: [moduleApi(HealthApi, healthHandlers)],
});
