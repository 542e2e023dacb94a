import { hostname } from "node:os";
import { Effect, type ManagedRuntime } from "effect";
import { EventEmitter } from "node:events";
import { Logger, run, type Runner, type TaskList, type WorkerEvents } from "graphile-worker";
import { config } from "./config";
import { catchUpAsyncProjections } from "./eventstore/async-projector";
import type { servicesOn } from "./layers";
import { cronTask } from "./module";
import { crontab, ioTasks, listeners, projections, tasks } from "./modules";
import { logger } from "./log";
import { startLiveness } from "./jobs/liveness";
import { flushStageTimings } from "./jobs/stage-timings";

type AppServices = ReturnType<typeof servicesOn> extends import("effect").Layer.Layer<infer A, any, any> ? A : never;
export type AppRuntime = ManagedRuntime.ManagedRuntime<AppServices, unknown>;

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
            runAt: helpers.job.run_at,
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

export interface WorkerOptions {
  /**
   * Tasks whose cron lines this worker leaves out. For a test that runs such a task itself at times
   * of its own choosing (tests/integration/listening.test.ts and poll_listening): the minute's run
   * would otherwise do the work between the test's steps, at the real time.
   */
  readonly withoutCron?: ReadonlyArray<string>;
}

/**
 * Job processing: graphile-worker (tasks and crontab), the async projections' catch-up loop and the
 * worker's liveness (infra/jobs/liveness.ts: its heartbeat, which /api/health reads, and the search
 * for dead workers whose jobs it releases). Several of these may run against one database.
 */
export const startWorker = async (url: string, runtime: AppRuntime, options: WorkerOptions = {}): Promise<RunningWorker> => {
  const id = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const graphileIds: string[] = [];
  // Alive before any job is locked, and the dead workers' jobs released before ours start.
  const liveness = await startLiveness(url, { id, graphileIds: () => graphileIds, graphileLogger });
  await liveness.reap();
  const events: WorkerEvents = new EventEmitter();
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
    crontab: options.withoutCron?.length
      ? CRONTAB.split("\n")
          .filter((line) => !options.withoutCron!.includes(cronTask(line) ?? ""))
          .join("\n")
      : CRONTAB,
    logger: graphileLogger,
    // One fetch for all the slots: without a local queue each idle slot polled on its own, ten
    // queries every 250 ms from a worker with nothing to do.
    preset: { worker: { localQueue: { size: config().WORKER_CONCURRENCY } } },
  });
  // The I/O lane: publishing waits on platforms (and, picked up ahead of time, on the clock), so
  // its jobs get slots of their own, fetched in batches from one local queue.
  const ioConcurrency = config().IO_CONCURRENCY;
  const ioRunner: Runner = await run({
    events,
    connectionString: url,
    concurrency: ioConcurrency,
    // As many connections as slots may be opened, as graphile-worker expects of a pool. A pool opens
    // them only when asked, and the lane asks for few: its jobs hold none while they wait (they run
    // on the app's runtime and its own pool), the local queue fetches one batch at a time, and
    // completions and failures are written in batches. Capping it lower only made graphile-worker
    // warn at every start.
    maxPoolSize: ioConcurrency,
    noHandleSignals: true,
    // Future jobs are found by polling: a short interval keeps scheduled posts on the second.
    pollInterval: 250,
    taskList: taskList(runtime, "io"),
    logger: graphileLogger,
    // One fetch may fill every free slot (a burst due at one instant starts at once); a smaller
    // batch than the slots leaves them waiting on further fetches.
    preset: { worker: { localQueue: { size: ioConcurrency }, completeJobBatchDelay: 5, failJobBatchDelay: 5 } },
  });
  await liveness.beat();
  // Overdue posts are swept at start too, not only on the next minute.
  await runner.addJob("sweep_due_posts", {}, { jobKey: "sweep_due_posts" });

  let projecting: Promise<void> | null = null;
  const projector = setInterval(() => {
    if (projecting) return;
    projecting = runtime
      .runPromise(catchUpAsyncProjections(projections))
      .then(
        () => undefined,
        (e: unknown) => logger.error({ err: e }, "Async projection failed"),
      )
      .finally(() => (projecting = null));
  }, PROJECTOR_MS);

  // The modules' long-running listeners (Bluesky's event stream, for the inbox): where the worker runs.
  const listening = await Promise.all(
    listeners.map((listener) =>
      listener.start(runtime as never).catch((e: unknown) => {
        logger.warn({ err: e }, `${listener.name}: could not start listening`);
        return null;
      }),
    ),
  );

  return {
    id,
    stop: async () => {
      clearInterval(projector);
      // A catch-up under way finishes before the services it runs on are released.
      await projecting;
      await Promise.all(listening.map((listener) => Promise.resolve(listener?.stop()).catch(() => undefined)));
      await Promise.all([runner.stop(), ioRunner.stop()]);
      await liveness.stop();
      flushStageTimings();
    },
  };
};
