import type { APIRoute } from "astro";
import { Cause } from "effect";
import { Database } from "../../../infra/db/Database";
import { liveWorkerCondition } from "../../../infra/jobs/liveness";
import { logger } from "../../../infra/log";
import { runtime } from "../../runtime";
import { json } from "../../lib/http";

/**
 * GET /api/health: 200 {"status":"ok"} once the database answers and a live worker is connected to
 * it (holding its liveness lock, infra/jobs/liveness.ts) and has beaten in the last 30 s; 503 before.
 * The row of a worker that was killed does not count, so a restart is not reported ready too early.
 */
export const GET: APIRoute = async () => {
  const exit = await runtime.runPromiseExit(
    Database.use((db) =>
      db.query(
        (sql) => sql<{ workers: number }[]>`
          select count(*)::int as workers from worker_heartbeats w
          where w.seen_at > now() - interval '30 seconds' and ${liveWorkerCondition(sql)}`,
      ),
    ),
  );
  if (exit._tag === "Failure") {
    logger.warn({ cause: Cause.pretty(exit.cause) }, "Health check: database unavailable");
    return json({ status: "unavailable", database: "down" }, 503);
  }
  const workers = exit.value[0].workers;
  return workers > 0 ? json({ status: "ok" }) : json({ status: "starting", worker: "not running" }, 503);
};
