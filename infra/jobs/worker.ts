import { hostname } from "node:os";
import { Effect, type ManagedRuntime } from "effect";
import { EventEmitter } from "node:events";
import { Logger, makeWorkerUtils, run, type Runner, type TaskList, type WorkerEvents } from "graphile-worker";
import { Sessions } from "../auth/Sessions";
import { config } from "../config";
import { Database } from "../db/Database";
import { catchUpAsyncProjections } from "../eventstore/async-projector";
import { refreshDueTokens } from "../accounts/token-refresh";
import { Accounts } from "../identity/Accounts";
import { projections, type servicesOn } from "../layers";
import { logger } from "../log";
import { Mailer } from "../mail/Mailer";
import { fetchEngagement } from "../publishing/engagement";
import { publishPost } from "../publishing/publish-post";
import { sweepDuePosts } from "../publishing/sweep";

type AppServices = ReturnType<typeof servicesOn> extends import("effect").Layer.Layer<infer A, any, any> ? A : never;
type AppRuntime = ManagedRuntime.ManagedRuntime<AppServices, unknown>;

const HEARTBEAT_MS = 5_000;
const PROJECTOR_MS = 500;

/**
 * Daily clean-up at 03:00 UTC; an hourly sweep of ended trials (each trial also has its own job at its
 * end); OAuth tokens renewed every 10 minutes ahead of their expiry; overdue posts without a job swept
 * every minute (and at start); engagement of recent posts fetched every 15 minutes.
 */
export const CRONTAB = [
  "0 3 * * * purge_expired_auth",
  "7 * * * * expire_trials",
  "*/10 * * * * refresh_account_tokens",
  "* * * * * sweep_due_posts",
  "*/15 * * * * fetch_engagement",
].join("\n");

const jobContext = (correlationId: string) => ({ now: new Date(), correlationId, actorId: null });

export const taskList = (runtime: AppRuntime): TaskList => ({
  expire_trial: async (payload, helpers) => {
    const { userId } = payload as { userId: string };
    await runtime.runPromise(
      Accounts.use((accounts) => accounts.expireTrial(userId, jobContext(`job-${helpers.job.id}`))).pipe(
        Effect.catchTag("NotFound", () => Effect.succeed(false)),
      ),
    );
  },
  expire_trials: async (_payload, helpers) => {
    const expired = await runtime.runPromise(
      Accounts.use((accounts) => accounts.expireDueTrials(jobContext(`job-${helpers.job.id}`))),
    );
    if (expired > 0) helpers.logger.info(`Ended ${expired} trial(s)`);
  },
  purge_expired_auth: async (_payload, helpers) => {
    const now = new Date();
    const removed = await runtime.runPromise(
      Effect.gen(function* () {
        const sessions = yield* (yield* Sessions).purgeExpired(now);
        const db = yield* Database;
        const tokens = yield* db.query((sql) => sql`delete from password_reset_tokens where expires_at <= ${now}`);
        yield* db.query((sql) => sql`delete from login_attempts where attempted_at < ${new Date(now.getTime() - 86_400_000)}`);
        return { sessions, tokens: tokens.count };
      }),
    );
    helpers.logger.info(`Removed ${removed.sessions} expired session(s) and ${removed.tokens} reset token(s)`);
  },
  refresh_account_tokens: async (_payload, helpers) => {
    const result = await runtime.runPromise(refreshDueTokens(new Date()));
    if (result.due > 0) helpers.logger.info(`Tokens: ${result.refreshed} renewed, ${result.failed} need a reconnect, of ${result.due} due`);
  },
  publish_post: async (payload, helpers) => {
    // addJob's payloads may arrive JSON-encoded twice (a string): read both.
    const { postId } = payload as { postId: string };
    const run = { now: new Date(), jobId: String(helpers.job.id), attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts };
    const result = await runtime.runPromise(publishPost(postId, run));
    if (result.outcome !== "skipped") helpers.logger.info(`Post ${postId}: ${result.outcome} (${result.published} published, ${result.failed} failed)`);
  },
  sweep_due_posts: async (_payload, helpers) => {
    const { added } = await runtime.runPromise(sweepDuePosts(new Date()));
    if (added > 0) helpers.logger.warn(`Sweep: ${added} overdue post(s) had no job; added`);
  },
  fetch_engagement: async (_payload, helpers) => {
    const result = await runtime.runPromise(fetchEngagement(new Date()));
    if (result.recorded > 0) helpers.logger.info(`Engagement: ${result.recorded} update(s) of ${result.targets} published target(s)`);
  },
  send_mail: async (payload) => {
    const { outboxId } = payload as { outboxId: number };
    await runtime.runPromise(Mailer.use((mailer) => mailer.send(outboxId)));
  },
});

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
    // Future jobs are found by polling: a short interval keeps scheduled posts on the second.
    pollInterval: 250,
    taskList: taskList(runtime),
    crontab: CRONTAB,
    logger: graphileLogger,
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

  return {
    id,
    stop: async () => {
      clearInterval(heartbeat);
      clearInterval(projector);
      await runner.stop();
      await runtime
        .runPromise(Database.use((db) => db.query((sql) => sql`delete from worker_heartbeats where worker_id = ${id}`)))
        .catch(() => undefined);
    },
  };
};
