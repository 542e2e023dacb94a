import { hostname } from "node:os";
import { Effect, type ManagedRuntime } from "effect";
import { EventEmitter } from "node:events";
import { Logger, makeWorkerUtils, run, type Runner, type TaskList, type WorkerEvents } from "graphile-worker";
import { config } from "../config";
import { Database } from "../db/Database";
import { catchUpAsyncProjections } from "../eventstore/async-projector";
import type { servicesOn } from "../layers";
import { crontab, ioTasks, projections, tasks } from "../modules";
import { logger } from "../log";
import { startBlueskyInbox } from "../inbox/bluesky-firehose";

type AppServices = ReturnType<typeof servicesOn> extends import("effect").Layer.Layer<infer A, any, any> ? A : never;
export type AppRuntime = ManagedRuntime.ManagedRuntime<AppServices, unknown>;

const HEARTBEAT_MS = 5_000;
/** I/O jobs fetched (and locked) per query. */
const IO_BATCH = 100;
const PROJECTOR_MS = 500;

/** Every module's cron lines (infra/modules.ts). */
export const CRONTAB = crontab;

/**
 * Every module's tasks (or those of one lane: the I/O tasks, or the others), run on the app's
 * runtime; the line a task answers goes to the worker's log.
 */
export const taskList = (runtime: AppRuntime, lane: "all" | "io" | "general" = "all"): TaskList =>
  Object.fromEntries(
    Object.entries(tasks)
      .filter(([name]) => lane === "all" || ioTasks.has(name) === (lane === "io"))
      .map(([name, task]) => [
        name,
        async (payload, helpers) => {
          const job = {
            id: String(helpers.job.id),
            attempt: helpers.job.attempts,
            maxAttempts: helpers.job.max_attempts,
            now: new Date(),
          };
          const line = await runtime.runPromise(task(payload, job) as Effect.Effect<string | void, unknown, AppServices>);
          if (line) helpers.logger.info(line);
        },
      ]),
  ) satisfies TaskList;

const graphileLogger = new Logger((scope) => (level, message, meta) => {
  const method = level === "warning" ? "warn" : level === "error" ? "error" : level === "debug" ? "debug" : "info";
  logger[method]({ scope, ...meta }, message);
});

export interface RunningWorker {
  readonly id: string;
  readonly stop: () => Promise<void>;
}

/**
 * Job processing: graphile-worker (tasks and crontab), the async projections' catch-up loop and a
 * heartbeat that /api/health reads. Several of these may run against one database.
 */
/** A worker whose heartbeat is older than this is dead: its jobs are unlocked for the others. */
const DEAD_AFTER_SECONDS = 20;

/**
 * Unlocks the jobs of worker processes that stopped beating (killed, crashed): without this their
 * jobs would wait for graphile-worker's 4-hour lock timeout. A job a dead worker was running is
 * then taken again; publishing is safe to repeat (each target's attempt is recorded before the call).
 */
const unlockDeadWorkers = async (url: string, runtime: AppRuntime) => {
  const dead = await runtime.runPromise(
    Database.use((db) =>
      db.query(
        (sql) => sql<{ worker_id: string; graphile_worker_ids: string[] }[]>`
          delete from worker_heartbeats where seen_at < now() - make_interval(secs => ${DEAD_AFTER_SECONDS})
          returning worker_id, graphile_worker_ids`,
      ),
    ),
  );
  const ids = dead.flatMap((d) => d.graphile_worker_ids);
  if (ids.length === 0) return;
  const utils = await makeWorkerUtils({ connectionString: url, logger: graphileLogger });
  try {
    await utils.forceUnlockWorkers(ids);
    logger.info({ workers: dead.map((d) => d.worker_id) }, "Unlocked the jobs of stopped workers");
  } finally {
    await utils.release();
  }
};

export const startWorker = async (url: string, runtime: AppRuntime): Promise<RunningWorker> => {
  const id = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  await unlockDeadWorkers(url, runtime);
  const events: WorkerEvents = new EventEmitter();
  const graphileIds: string[] = [];
  // Jobs are locked by a worker's id (or its pool's, with a local queue): remember both.
  events.on("pool:create", ({ workerPool }) => graphileIds.push(workerPool.id));
  events.on("worker:create", ({ worker }) => graphileIds.push(worker.workerId));
  const runner: Runner = await run({
    events,
    connectionString: url,
    concurrency: config().WORKER_CONCURRENCY,
    noHandleSignals: true,
    pollInterval: 250,
    taskList: taskList(runtime, "general"),
    crontab: CRONTAB,
    logger: graphileLogger,
  });
  // The I/O lane: publishing waits on platforms (and, picked up ahead of time, on the clock), so
  // its jobs get slots of their own, fetched in batches from one local queue.
  const ioRunner: Runner = await run({
    events,
    connectionString: url,
    concurrency: config().IO_CONCURRENCY,
    noHandleSignals: true,
    // Future jobs are found by polling: a short interval keeps scheduled posts on the second.
    pollInterval: 250,
    taskList: taskList(runtime, "io"),
    logger: graphileLogger,
    preset: { worker: { localQueue: { size: IO_BATCH }, completeJobBatchDelay: 5, failJobBatchDelay: 5 } },
  });
  // Overdue posts are swept at start too, not only on the next minute.
  await runner.addJob("sweep_due_posts", {}, { jobKey: "sweep_due_posts" });

  const beat = () =>
    runtime.runPromise(
      Database.use((db) =>
        db.query(
          (sql) => sql`insert into worker_heartbeats (worker_id, started_at, seen_at, graphile_worker_ids)
                       values (${id}, now(), now(), ${graphileIds})
                       on conflict (worker_id) do update set seen_at = now(), graphile_worker_ids = excluded.graphile_worker_ids`,
        ),
      ),
    );
  await beat();
  const heartbeat = setInterval(() => beat().catch((e) => logger.warn({ err: e }, "Worker heartbeat failed")), HEARTBEAT_MS);

  let projecting = false;
  const projector = setInterval(() => {
    if (projecting) return;
    projecting = true;
    runtime
      .runPromise(catchUpAsyncProjections(projections))
      .catch((e) => logger.error({ err: e }, "Async projection failed"))
      .finally(() => (projecting = false));
  }, PROJECTOR_MS);

  // Bluesky's event stream, for the inbox: listened to where the worker runs.
  const bluesky = await startBlueskyInbox(runtime).catch((e: unknown) => {
    logger.warn({ err: e }, "Bluesky inbox: could not start listening");
    return null;
  });

  return {
    id,
    stop: async () => {
      clearInterval(heartbeat);
      clearInterval(projector);
      await bluesky?.stop().catch(() => undefined);
      await Promise.all([runner.stop(), ioRunner.stop()]);
      await runtime.runPromise(Database.use((db) => db.query((sql) => sql`delete from worker_heartbeats where worker_id = ${id}`))).catch(() => undefined);
    },
  };
};
