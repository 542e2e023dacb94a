import type { APIRoute } from "astro";
import { Cause } from "effect";
import { Database } from "../../../infra/db/Database";
import { logger } from "../../../infra/log";
import { runtime } from "../../runtime";
import { json } from "../../lib/http";

/** GET /api/health: 200 {"status":"ok"} once the database answers and a worker has beaten in the last 30 s; 503 before. */
export const GET: APIRoute = async () => {
  const exit = await runtime.runPromiseExit(
    Database.use((db) =>
      db.query(
        (sql) => sql<{ workers: number }[]>`
          select count(*)::int as workers from worker_heartbeats where seen_at > now() - interval '30 seconds'`,
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
