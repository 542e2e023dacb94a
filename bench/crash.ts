import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { sqlClient } from "../infra/db/client";
import { freePort } from "../tests/support/ports";
import { sandboxPublication, sleepUntil } from "../tests/support/publishing";
import { embeddedDatabaseUrl, killEmbeddedPostgres, startTestServer, type TestServer, type WorkerProcess } from "../tests/support/processes";
import { type AppRuntime, appRuntime } from "./database";
import { benchWorkspace, quantile, scheduleBenchPosts, startWorker } from "./scheduler";

/**
 * Crashes just before a burst (the hardening issue's goals), with real processes:
 * - everything: `npm start`'s process and its embedded PostgreSQL killed with SIGKILL 2 s before
 *   the posts' time, started again at once; every post due during the outage must be published
 *   within 60 s of /api/health answering ok, each once;
 * - one of two workers killed with SIGKILL 2 s before the burst; the other must publish all of it
 *   within 15 s of its time, each once.
 * On sandbox accounts (their publications are rows of sandbox_posts, with their time).
 */

export const RECOVERY_BUDGET_SECONDS = 60;
export const SURVIVOR_BUDGET_SECONDS = 15;

export interface CrashOfEverything {
  readonly posts: number;
  readonly accounts: number;
  /** Publication jobs locked by the killed worker when it died (taken ahead of the posts' time). */
  readonly lockedAtKill: number;
  readonly restartToHealthySeconds: number;
  readonly healthyToAllPublishedSeconds: number;
  readonly duplicates: number;
  readonly lost: number;
}

export interface WorkerKilled {
  readonly posts: number;
  readonly accounts: number;
  readonly heldByKilled: number;
  readonly lateness: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly duplicates: number;
  readonly lost: number;
}

/** Each post's lateness (ms) against its time, sorted. */
export const latenessOf = async (sql: postgres.Sql, postIds: ReadonlyArray<string>) =>
  (
    await sql<{ late: number }[]>`
      select extract(epoch from (min(s.published_at) - p.scheduled_at)) * 1000 as late
      from sandbox_posts s join posts p on p.id = s.post_id where s.post_id = any(${postIds}::uuid[]) group by p.id, p.scheduled_at`
  )
    .map((r) => Number(r.late))
    .sort((a, b) => a - b);

export const waitForAll = async (sql: postgres.Sql, postIds: ReadonlyArray<string>, deadline: number) => {
  for (;;) {
    const outcome = await sandboxPublication(sql, postIds);
    if (outcome.published >= postIds.length || Date.now() > deadline) return outcome;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** The app (scripts/start.ts from the build) on its own embedded PostgreSQL in a fresh DATA_DIR, both killed and restarted. */
export const measureCrashOfEverything = async (options: { posts: number; accounts: number }): Promise<CrashOfEverything> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "socialdesk-bench-crash-"));
  const port = await freePort();
  const env = { DATABASE_URL: "", EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: "error" };
  let server: TestServer | null = await startTestServer({ dataDir, port, env });
  try {
    const url = embeddedDatabaseUrl(dataDir);
    const runtime = appRuntime(url, 10);
    let postIds: ReadonlyArray<string>;
    let due: number;
    try {
      const setUp = await benchWorkspace(runtime, { accounts: options.accounts, platform: "bluesky", kind: "sandbox" });
      // Time to create them all (under load, about 40 a second), then time to spare before the crash.
      due = Math.ceil((Date.now() + 20_000 + options.posts * 25) / 1000) * 1000;
      postIds = await scheduleBenchPosts(runtime, setUp, options.posts, due, 0);
    } finally {
      await runtime.dispose();
    }
    if (Date.now() > due - 5_000) throw new Error("creating the posts took too long: their jobs started before the crash");

    await sleepUntil(due - 2_000);
    const before = sqlClient(url, { max: 1, onnotice: () => {} });
    const [{ locked }] = await before<{ locked: number }[]>`
      select count(*)::int as locked from graphile_worker._private_jobs where locked_at is not null and key like 'post:%'`;
    await before.end({ timeout: 1 });
    await server.kill();
    await killEmbeddedPostgres(dataDir);
    server = null;

    const restartedAt = Date.now();
    server = await startTestServer({ dataDir, port, env });
    const healthyAt = Date.now();
    const sql = sqlClient(url, { max: 1, onnotice: () => {} });
    try {
      const outcome = await waitForAll(sql, postIds, healthyAt + 3 * RECOVERY_BUDGET_SECONDS * 1000);
      return {
        posts: options.posts,
        accounts: options.accounts,
        lockedAtKill: locked,
        restartToHealthySeconds: (healthyAt - restartedAt) / 1000,
        healthyToAllPublishedSeconds: (Date.now() - healthyAt) / 1000,
        duplicates: outcome.duplicates,
        lost: options.posts - outcome.published,
      };
    } finally {
      await sql.end({ timeout: 1 });
    }
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

/**
 * A burst due at one instant over sandbox accounts, with two workers running on the database; the
 * one that took more of it ahead of time killed with SIGKILL 2 s before: how late the other publishes it.
 */
export const burstWithAWorkerKilled = async (
  runtime: AppRuntime,
  sql: postgres.Sql,
  workers: ReadonlyArray<WorkerProcess>,
  options: { posts: number; accounts: number },
): Promise<WorkerKilled> => {
  const setUp = await benchWorkspace(runtime, { accounts: options.accounts, platform: "bluesky", kind: "sandbox" });
  const due = Math.ceil((Date.now() + 20_000 + options.posts * 25) / 1000) * 1000;
  const postIds = await scheduleBenchPosts(runtime, setUp, options.posts, due, 0);
  if (Date.now() > due - 5_000) throw new Error("creating the posts took too long: their jobs started before the crash");

  await sleepUntil(due - 2_000);
  // The worker that took more of the burst ahead of time is killed.
  const held = await Promise.all(
    workers.map(async (worker) => {
      const [row] = await sql<{ ids: string[] }[]>`select graphile_worker_ids as ids from worker_heartbeats where worker_id like ${`%:${worker.pid}:%`}`;
      const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from graphile_worker._private_jobs where locked_by = any(${row?.ids ?? []})`;
      return n;
    }),
  );
  const doomed = held[0]! >= held[1]! ? 0 : 1;
  await workers[doomed]!.stop("SIGKILL");

  const outcome = await waitForAll(sql, postIds, due + 4 * SURVIVOR_BUDGET_SECONDS * 1000);
  const late = await latenessOf(sql, postIds);
  return {
    posts: options.posts,
    accounts: options.accounts,
    heldByKilled: held[doomed]!,
    lateness: { p50: quantile(late, 0.5), p99: quantile(late, 0.99), max: late.at(-1) ?? 0 },
    duplicates: outcome.duplicates,
    lost: options.posts - outcome.published,
  };
};

/** Two worker processes (scripts/worker.ts) on the bench database; one killed 2 s before all the posts fall due. */
export const measureWorkerKilled = async (databaseUrl: string, options: { posts: number; accounts: number }): Promise<WorkerKilled> => {
  const runtime = appRuntime(databaseUrl, 10);
  const sql = sqlClient(databaseUrl, { max: 2, onnotice: () => {} });
  const workers = [startWorker(databaseUrl), startWorker(databaseUrl)];
  try {
    return await burstWithAWorkerKilled(runtime, sql, workers, options);
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    await sql.end();
    await runtime.dispose();
  }
};
