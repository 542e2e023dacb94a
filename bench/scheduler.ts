import { randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Effect } from "effect";
import { sqlClient } from "../infra/db/client";
import { SocialAccounts } from "../infra/accounts/SocialAccounts";
import { Registration } from "../infra/identity/Registration";
import { UserAdmin } from "../infra/identity/UserAdmin";
import { callerOf } from "../infra/identity/current-user";
import { systemContext } from "../domain/shared";
import { Posts } from "../infra/publishing/Posts";
import { startWorkerProcess, type WorkerProcess } from "../tests/support/processes";
import { type AppRuntime, appRuntime } from "./database";

/**
 * The scheduler's budget: posts due in the same minute, or all at one instant, published on time
 * (p99 lateness), and a worker killed with SIGKILL mid-run then restarted publishing nothing twice
 * and losing nothing. On the sandbox adapter, or on X accounts of a local platform that answers
 * slowly, with a real worker process (scripts/worker.ts) like production.
 */
export interface SchedulerFigures {
  readonly posts: number;
  /** How the posts were due: spread over a minute, or all at one instant (a burst). */
  readonly shape: string;
  readonly lateness: { readonly p50: number; readonly p95: number; readonly p99: number; readonly max: number };
  readonly perSecond: number;
  readonly duplicates: number;
  readonly lost: number;
  /** Null for a shape measured without the SIGKILL (the slow platform's). */
  readonly crash: {
    readonly posts: number;
    readonly killedAfter: number;
    /** From the new worker's start to the last post published. */
    readonly recoveredMs: number;
    readonly duplicates: number;
    readonly lost: number;
  } | null;
}

/** BENCH_WORKER_PROF=<dir>: a bench's workers write a CPU profile there when they stop (not when killed). */
export const workerProfileArgs = (): ReadonlyArray<string> =>
  process.env.BENCH_WORKER_PROF ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_WORKER_PROF)}`] : [];

/** A worker process (`npm run worker`) on the bench database, with 20 general slots. */
export const startWorker = (databaseUrl: string, env: Record<string, string> = {}): WorkerProcess =>
  startWorkerProcess(databaseUrl, { WORKER_CONCURRENCY: "20", ...env }, workerProfileArgs());

/**
 * A local X API (`POST /2/tweets`) that answers each post after `delayMs`, like a slow platform,
 * and notes when each call started: the lateness measured is the call's start.
 */
const startSlowPlatform = async (delayMs: number) => {
  const calls = new Map<string, number[]>();
  const server = createServer((request, response) => {
    const startedAt = Date.now();
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      if (request.method !== "POST" || request.url !== "/2/tweets" || request.headers.authorization !== "Bearer bench-token") {
        response.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ title: "Invalid Request", detail: "not a bench post" }));
        return;
      }
      const text = String(JSON.parse(body).text);
      calls.set(text, [...(calls.get(text) ?? []), startedAt]);
      setTimeout(() => {
        const id = String(1_900_000_000_000_000_000n + BigInt(calls.size));
        response.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ data: { id, text } }));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/2`, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

export const quantile = (sorted: ReadonlyArray<number>, q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** A bench workspace on the agency plan with `accounts` accounts of one platform (sandbox, or OAuth with the bench's token). */
export const benchWorkspace = (runtime: AppRuntime, options: { accounts: number; platform: "bluesky" | "twitter"; kind: "sandbox" | "oauth" }) =>
  runtime.runPromise(
    Effect.gen(function* () {
      const ctx = () => systemContext("cli", new Date(), `bench-${randomUUID()}`);
      const email = `scheduler-${randomUUID().slice(0, 8)}@bench.local`;
      yield* (yield* Registration).register(
        { firstName: "Bench", lastName: "Scheduler", email, company: "Bench", password: "bench password", selectedPlan: "agency", timeZone: "UTC" },
        ctx(),
      );
      const user = yield* (yield* UserAdmin).setPlan(email, "agency", "bench", ctx());
      const social = yield* SocialAccounts;
      const ids: string[] = [];
      for (let i = 0; i < options.accounts; i++) {
        const { account } = yield* social.connect(callerOf(user, ctx()), {
          platform: options.platform,
          kind: options.kind,
          profile: { externalId: `bench-${i}`, accountName: `Bench ${i}`, username: null, avatarUrl: null, followers: 0, profileUrl: null, metadata: {} },
          credentials: options.kind === "oauth" ? { accessToken: "bench-token", refreshToken: "bench-refresh" } : null,
          tokenExpiresAt: null,
        });
        ids.push(account.id);
      }
      return { user, accountIds: ids, platform: options.platform };
    }),
  );
export type BenchWorkspace = Awaited<ReturnType<typeof benchWorkspace>>;

/** Rows a bulk command takes at once: one transaction each, as a bulk upload's. */
const SCHEDULE_CHUNK = 500;

/**
 * Schedules `count` posts due evenly over `spreadMs` from `base` (0: all at that instant), one account
 * each in turn, through the bulk upload's command (Posts.createMany: the same events, jobs and checks
 * as one at a time, in chunks of 500); answers their ids.
 */
export const scheduleBenchPosts = (runtime: AppRuntime, setUp: BenchWorkspace, count: number, base: number, spreadMs: number) =>
  runtime.runPromise(
    Effect.forEach(
      Array.from({ length: Math.ceil(count / SCHEDULE_CHUNK) }, (_, chunk) => chunk * SCHEDULE_CHUNK),
      (first) =>
        Posts.use((posts) =>
          posts.createMany(
            callerOf(setUp.user, systemContext("cli", new Date(), `bench-${randomUUID()}`)),
            Array.from({ length: Math.min(SCHEDULE_CHUNK, count - first) }, (_, j) => first + j).map((i) => ({
              row: i + 1,
              input: {
                content: `Bench post ${i}`,
                platforms: [setUp.platform],
                media: [],
                status: "scheduled",
                scheduledAt: new Date(base + Math.floor((i * spreadMs) / count)).toISOString(),
                timeZone: "UTC",
                accountIds: [setUp.accountIds[i % setUp.accountIds.length]!],
                postType: "standard",
                businessData: {},
                locationIds: [],
                categoryId: null,
                options: {},
                recurrence: null,
              },
            })),
          ),
        ).pipe(
          Effect.flatMap((outcomes) =>
            Effect.forEach(outcomes, (o) => (o.ok ? Effect.succeed(o.postId) : Effect.die(new Error(`bench post ${o.row - 1} refused: ${o.message}`)))),
          ),
        ),
    ),
  ).then((chunks) => chunks.flat());

/**
 * `spreadMs`: the posts are due evenly over this long from one instant (0: all at that instant, the
 * agency's 9:00:00); `accounts`: how many sandbox accounts they share.
 */
export const measureScheduler = async (
  databaseUrl: string,
  options: {
    posts: number;
    crashPosts: number;
    accounts?: number;
    spreadMs?: number;
    /** X accounts on a local platform answering each call after this long, instead of sandbox accounts. */
    platformDelayMs?: number;
  },
): Promise<SchedulerFigures> => {
  const accounts = options.accounts ?? 10;
  const spreadMs = options.spreadMs ?? 60_000;
  const slow = options.platformDelayMs === undefined ? null : await startSlowPlatform(options.platformDelayMs);
  // The bench and its worker read the stored access tokens with the same key.
  process.env.TOKEN_ENCRYPTION_KEY ??= randomBytes(32).toString("hex");
  const workerEnv: Record<string, string> = slow ? { TWITTER_API_BASE_URL: slow.url } : {};
  const runtime = appRuntime(databaseUrl, 10);
  const sql = sqlClient(databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const setUp = await benchWorkspace(runtime, { accounts, platform: slow ? "twitter" : "bluesky", kind: slow ? "oauth" : "sandbox" });
    const schedule = (count: number, base: number, spreadMs: number) => scheduleBenchPosts(runtime, setUp, count, base, spreadMs);

    // Each measurement counts only its own workspace's posts: several shapes run on one database.
    const workspaceId = setUp.user.workspaceId;
    const published = async () =>
      slow
        ? slow.calls.size
        : (await sql<{ n: number }[]>`select count(*)::int as n from sandbox_posts s join posts p on p.id = s.post_id where p.workspace_id = ${workspaceId}`)[0].n;
    const waitFor = async (target: number, deadline: number) => {
      while ((await published()) < target && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    };
    const integrity = async () => {
      if (slow) {
        const duplicates = [...slow.calls.values()].reduce((n, starts) => n + starts.length - 1, 0);
        return { duplicates, lost: options.posts - slow.calls.size };
      }
      const [row] = await sql<{ duplicates: number; lost: number }[]>`
        select (select count(*) - count(distinct (s.post_id, s.account_id)) from sandbox_posts s join posts p on p.id = s.post_id
                where p.workspace_id = ${workspaceId})::int as duplicates,
               (select count(*) from posts p where p.workspace_id = ${workspaceId}
                and not exists (select 1 from sandbox_posts s where s.post_id = p.id))::int as lost`;
      return row;
    };

    // 1. Lateness: all due within the spread (or at one instant), starting a minute from now (creating them takes a while).
    const base = Date.now() + 60_000;
    await schedule(options.posts, base, spreadMs);
    let worker = startWorker(databaseUrl, workerEnv);
    await waitFor(options.posts, base + 180_000);
    await worker.stop();
    // Sandbox: when the post was written; the slow platform: when its call started (all were due at `base`).
    const rows = slow
      ? [...slow.calls.values()].map((starts) => ({ late: starts[0]! - base, at: new Date(starts[0]!) }))
      : await sql<{ late: number; at: Date }[]>`
          select extract(epoch from (s.published_at - p.scheduled_at)) * 1000 as late, s.published_at as at
          from sandbox_posts s join posts p on p.id = s.post_id where p.workspace_id = ${workspaceId}`;
    const late = rows.map((r) => Number(r.late)).sort((a, b) => a - b);
    const times = rows.map((r) => r.at.getTime()).sort((a, b) => a - b);
    const first = await integrity();
    const shape = slow
      ? `all due at one instant over ${accounts} X accounts of a local platform answering after ${options.platformDelayMs} ms (lateness of the call's start)`
      : spreadMs === 0
        ? `all due at one instant over ${accounts} accounts on the sandbox adapter`
        : `due within ${spreadMs / 1000} s over ${accounts} accounts on the sandbox adapter`;
    const figures = {
      posts: options.posts,
      shape,
      lateness: { p50: quantile(late, 0.5), p95: quantile(late, 0.95), p99: quantile(late, 0.99), max: late.at(-1) ?? 0 },
      perSecond: times.length > 1 ? (times.length / (times.at(-1)! - times[0]!)) * 1000 : 0,
      duplicates: first.duplicates,
      lost: first.lost,
    };
    if (options.crashPosts === 0) return { ...figures, crash: null };

    // 2. Crash: SIGKILL the worker with about a third published, start another, and count.
    const before = await published();
    const crashBase = Date.now() + 20_000;
    await schedule(options.crashPosts, crashBase, spreadMs === 0 ? 0 : 10_000);
    worker = startWorker(databaseUrl);
    await waitFor(before + Math.floor(options.crashPosts / 3), crashBase + 120_000);
    const killedAfter = (await published()) - before;
    await worker.stop("SIGKILL");
    // The next worker starts at once: it finds the dead one (its liveness lock is free) and releases its jobs.
    const restartedAt = Date.now();
    worker = startWorker(databaseUrl);
    await waitFor(before + options.crashPosts, Date.now() + 180_000);
    const recoveredMs = Date.now() - restartedAt;
    await worker.stop();
    const second = await integrity();
    if (second.lost > 0) {
      const stuck = await sql`
        select p.id, p.status, t.status as target, j.locked_by, j.attempts, j.max_attempts, j.last_error, j.run_at
        from posts p join post_targets t on t.post_id = p.id
        left join graphile_worker._private_jobs j on j.key = 'post:' || p.id
        where p.workspace_id = ${workspaceId} and not exists (select 1 from sandbox_posts s where s.post_id = p.id)
        limit 10`;
      console.error(`[bench] not published after the crash: ${JSON.stringify(stuck)}`);
    }

    return { ...figures, crash: { posts: options.crashPosts, killedAfter, recoveredMs, duplicates: second.duplicates, lost: second.lost } };
  } finally {
    await sql.end();
    await runtime.dispose();
    await slow?.close();
  }
};
