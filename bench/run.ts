/**
 * npm run bench: the measurements of issue 2 ("Tests and measurements"), printed one figure a line.
 *
 *   event appends per second (single stream, 1,000 streams, and with the inline identity projection)
 *   replay events per second into every read model, projected to 1,000,000 events vs the 60 s budget
 *   client JS (gzip) of every page route vs the 15 KB / 110 KB budgets
 *   requests per second and p99 latency of GET / and GET /api/auth/user under loopback load
 *   GET /api/auth/user against a bare node:http + postgres server doing the same lookup (ratio, goal ≥ 0.8)
 *   GET / against a bare node:http server sending the same bytes (ratio, goal ≥ 0.5)
 *   media: upload throughput (files/s, MB/s) and GET /api/media over 10,000 items (p50/p99)
 *   scheduler: lateness of 2,000 posts due in one minute; duplicates and losses across a SIGKILL
 *   burst: 1,000 posts due at one instant (sandbox, with the SIGKILL) and 500 on a platform answering after 300 ms
 *   crash: the app and its embedded PostgreSQL killed with SIGKILL 2 s before 1,000 posts fall due and started again at once
 *          (time from /api/health ok to all published, goal 60 s); one of two workers killed 2 s before a burst of 1,000 (goal: all within 15 s of their time)
 *   calendar: GET /api/calendar and /app/calendar with 5,000 posts in the month (p50/p99)
 *   audit: GET /api/audit over 1,000,000 lines of one workspace's audit trail, unfiltered and by each filter (p50/p99)
 *   inbox: GET /api/social-inbox over 100,000 messages of one workspace, unfiltered, by each filter and a search (p50/p99)
 *   reviews: GET /api/reviews and /api/reviews/summary over 50,000 reviews of 200 locations, unfiltered, by each filter and a search (p50/p99)
 *   bulk: POST /api/posts/bulk of 10,000 rows (time to answer vs the 10 s budget), and the same file again (every row a duplicate)
 *   link-in-bio: GET /bio/{username} vs a bare node:http server sending the same bytes (goal ≥ 0.5), the click redirect p50/p99 (budget 20 ms)
 *   webhooks: a post.published delivery's latency from the event to a local receiver (p50/p99, goal p99 ≤ 1 s)
 *   api-keys: GET /api/posts with an API key vs the same with a session cookie (goal ≥ 0.9)
 *   topology: two web processes, two workers and an S3 server (s3rver) on the bench database: an image uploaded
 *             through web A served by web B from the bucket only; 2,000 posts at one instant (goal p99 ≤ 1 s);
 *             a worker killed 2 s before a burst of 500 (goal: all within 15 s); 10,000 at one instant (goal
 *             p99 ≤ 2 s) with the time per stage (job fetch, start command, platform call, settle command)
 *
 * Database: a fresh `socialdesk_bench_<timestamp>` on BENCH_DATABASE_URL's server, or on the bench's
 * own embedded PostgreSQL (.data/bench-postgres, port 54371); dropped at the end. The app runs from
 * the build in BUILD_DIR (default dist/), built first when missing.
 *
 * Options: --only appends,replay,client-js,http,media,scheduler,burst,crash,calendar,audit,inbox,reviews,bulk,link-in-bio,webhooks,api-keys,topology
 *   BENCH_REPLAY_EVENTS (default 100000); BENCH_TOPOLOGY_POSTS, BENCH_TOPOLOGY_KILL_POSTS, BENCH_TOPOLOGY_STRETCH_POSTS
 *   (default 2000, 500, 10000).
 * Exit code 0 whatever the figures are (budgets are reported, not enforced); 1 when something could
 * not be measured.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { type AppendFigure, measureAppends } from "./appends";
import { type BenchApp, startBenchApp } from "./app-server";
import { APP_BUDGET_BYTES, APP_PAGE_GOAL_BYTES, issue9GoalOf, measureClientJs, NO_ISLAND_GOAL_BYTES, PUBLIC_BUDGET_BYTES } from "./client-js";
import { type BenchDatabase, type BenchServer, createBenchDatabase, openBenchServer } from "./database";
import { bytes, dec1, int, seconds } from "./format";
import { AUDIT_BUDGET_MS, measureAudit } from "./audit";
import { INBOX_BUDGET_MS, measureInbox } from "./inbox";
import { measureReviews, REVIEWS_BUDGET_MS } from "./reviews";
import { BULK_BUDGET_SECONDS, measureBulk } from "./bulk";
import { BIO_REDIRECT_BUDGET_MS, measureLinkInBio } from "./link-in-bio";
import { measureWebhooks, WEBHOOK_LATENCY_GOAL_MS } from "./webhooks";
import { startWebhookReceiver } from "../tests/support/webhook-receiver";
import { KEYED_API_GOAL, measureKeyedApi } from "./api-keys";
import { CALENDAR_BUDGET_MS, measureCalendar } from "./calendar";
import { measureHttpLoad } from "./http-load";
import { API_USER_GOAL, measureApiUser } from "./api-user-load";
import { measureStaticPage, STATIC_PAGE_GOAL } from "./static-pages-load";
import { measureMedia } from "./media";
import { measureScheduler } from "./scheduler";
import { measureCrashOfEverything, measureWorkerKilled, RECOVERY_BUDGET_SECONDS, SURVIVOR_BUDGET_SECONDS } from "./crash";
import { measureReplay, REPLAY_BUDGET_SECONDS, type ReplayRun } from "./replay";
import { BURST_P99_GOAL_MS, measureTopology, STRETCH_P99_GOAL_MS } from "./topology";

const MEASUREMENTS = [
  "appends",
  "replay",
  "client-js",
  "http",
  "media",
  "scheduler",
  "burst",
  "crash",
  "calendar",
  "audit",
  "inbox",
  "reviews",
  "bulk",
  "link-in-bio",
  "webhooks",
  "api-keys",
  "topology",
] as const;
type Measurement = (typeof MEASUREMENTS)[number];

const parseOnly = (): ReadonlySet<Measurement> => {
  const index = process.argv.indexOf("--only");
  if (index === -1) return new Set(MEASUREMENTS);
  const picked = (process.argv[index + 1] ?? "").split(",").filter(Boolean);
  const unknown = picked.filter((name) => !(MEASUREMENTS as ReadonlyArray<string>).includes(name));
  if (unknown.length > 0 || picked.length === 0) {
    console.error(`--only takes a comma-separated list of: ${MEASUREMENTS.join(", ")}`);
    process.exit(2);
  }
  return new Set(picked as Measurement[]);
};

const only = parseOnly();
const replayEvents = Number(process.env.BENCH_REPLAY_EVENTS || 100_000);
if (!Number.isInteger(replayEvents) || replayEvents < 10 || replayEvents > 2_000_000) {
  console.error("BENCH_REPLAY_EVENTS must be a whole number from 10 to 2,000,000");
  process.exit(2);
}
const buildDir = path.resolve(process.env.BUILD_DIR ?? "dist");

/** Progress goes to stderr; stdout carries the figures only. */
const note = (line: string) => console.error(`[bench] ${line}`);
const figure = (line: string) => console.log(line);

const summary: string[] = [];
const failures: string[] = [];

/** Runs one measurement; a failure is recorded (exit code 1) and the others still run. */
const attempt = async <A>(name: string, run: () => Promise<A>): Promise<A | null> => {
  const started = performance.now();
  note(`${name}…`);
  try {
    const value = await run();
    note(`${name} done in ${seconds((performance.now() - started) / 1000)}`);
    return value;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    failures.push(`${name}: ${message}`);
    figure(`${name}: NOT MEASURED (${message.split("\n")[0]})`);
    return null;
  }
};

const appendLine = (f: AppendFigure) =>
  `${f.label}: ${int(f.perSecond)} events/s (${int(f.appends)} appends in ${seconds(f.seconds)}, ${f.detail}; ` +
  `latency p50 ${dec1(f.p50Ms)} ms, p99 ${dec1(f.p99Ms)} ms)`;

const replayLine = (label: string, r: ReplayRun, into = ` into ${r.projections}`) =>
  `${label}: ${int(r.perSecond)} events/s (${int(r.events)} events in ${seconds(r.seconds)}${into}; ` +
  `1,000,000 events ≈ ${int(r.projectedMillionSeconds)} s)`;

/** The newest source file the build is made from (src/, domain/, infra/, public/, astro.config.mjs). */
const newestSource = (): { file: string; mtimeMs: number } => {
  let newest = { file: "astro.config.mjs", mtimeMs: statSync("astro.config.mjs").mtimeMs };
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.name.endsWith(".test.ts")) {
        const { mtimeMs } = statSync(full);
        if (mtimeMs > newest.mtimeMs) newest = { file: full, mtimeMs };
      }
    }
  };
  for (const dir of ["src", "domain", "infra", "public"]) walk(dir);
  return newest;
};

/** Builds when there is no build; says which build is measured and whether sources changed since. */
const ensureBuild = () => {
  const entry = path.join(buildDir, "server", "entry.mjs");
  if (!existsSync(entry)) {
    note(`no build in ${buildDir}: running npx astro build`);
    const build = spawnSync("npx", ["astro", "build"], { stdio: ["ignore", 2, 2], timeout: 300_000, env: process.env });
    if (build.status !== 0) throw new Error(`npx astro build failed (status ${build.status ?? build.signal})`);
  }
  const builtAt = statSync(entry).mtimeMs;
  const newest = newestSource();
  const stale = newest.mtimeMs > builtAt ? `; OLDER than ${newest.file}: rebuild to measure the current code` : "";
  figure(`build: ${path.relative(process.cwd(), buildDir) || "."} (built ${new Date(builtAt).toISOString()}${stale})`);
};

let server: BenchServer | null = null;
let database: BenchDatabase | null = null;
let app: BenchApp | null = null;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | null = null;

/** Stops the app, drops the bench database and stops the bench's own PostgreSQL; each once. */
const cleanUp = async () => {
  const [runningApp, benchDatabase, benchServer] = [app, database, server];
  [app, database, server] = [null, null, null];
  const steps: Array<[string, (() => Promise<void>) | undefined]> = [
    ["stop the app", runningApp?.server.stop],
    ["drop the bench database", benchDatabase?.drop],
    ["stop the bench PostgreSQL", benchServer?.stop],
  ];
  for (const [what, step] of steps) {
    try {
      await step?.();
    } catch (error) {
      failures.push(`clean-up (${what}): ${error instanceof Error ? error.message : String(error)}`);
    }
  }
};

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    if (interrupted) return;
    interrupted = true;
    note(`${signal}: cleaning up`);
    // Dropping the database ends the connections still in use; their clients may throw on the way out.
    process.on("uncaughtException", (error) => note(`while stopping: ${error.message}`));
    void cleanUp().finally(() => process.exit(130));
  });
}

const main = async () => {
  const started = performance.now();
  server = await openBenchServer();
  database = await createBenchDatabase(server);
  figure(`database: ${database.name} on ${server.label}, PostgreSQL ${database.serverVersion}`);
  figure(
    `machine: ${process.platform} ${process.arch}, Node ${process.version}, ${availableParallelism()} cores, ` +
      `load average ${loadavg()[0].toFixed(2)} at start (other work on the machine skews every figure)`,
  );
  const databaseUrl = database.url;

  if (only.has("appends")) {
    const appends = await attempt("event appends", () => measureAppends(databaseUrl));
    if (appends) {
      for (const f of [appends.singleStream, appends.manyStreams, appends.withProjection]) figure(appendLine(f));
      summary.push(
        `appends: ${int(appends.singleStream.perSecond)} events/s single stream, ${int(appends.manyStreams.perSecond)} events/s over 1,000 streams, ` +
          `${int(appends.withProjection.perSecond)} events/s with the identity projection`,
      );
    }
  }

  if (only.has("replay")) {
    const replay = await attempt("replay", () => measureReplay(databaseUrl, { events: replayEvents }));
    if (replay) {
      figure(`replay seed: ${int(replay.seeded)} events in ${seconds(replay.seedSeconds)} (${replay.mix})`);
      const mark = replay.all.projectedMillionSeconds <= REPLAY_BUDGET_SECONDS ? "PASS" : "OVER";
      figure(`${replayLine("replay, all read models", replay.all)}, budget ${REPLAY_BUDGET_SECONDS} s: ${mark}`);
      for (const run of replay.each) figure(replayLine(`replay, ${run.projections} alone`, run, ""));
      figure(`replay result: ${int(replay.rows.workspaces)} workspaces, ${int(replay.rows.users)} users, ${int(replay.rows.auditLog)} audit_log rows`);
      summary.push(
        `replay: ${int(replay.all.perSecond)} events/s into all read models, 1,000,000 events ≈ ${int(replay.all.projectedMillionSeconds)} s ` +
          `(budget ${REPLAY_BUDGET_SECONDS} s): ${mark}`,
      );
    }
  }

  if (only.has("scheduler") || only.has("burst")) {
    const spread = Number(process.env.BENCH_SCHEDULED_POSTS || 2000);
    const burst = Number(process.env.BENCH_BURST_POSTS || 1000);
    const slowBurst = Number(process.env.BENCH_SLOW_BURST_POSTS || 500);
    // The minute's steady flow, then the agency's 9:00:00: every post due at one instant (issue 9's shape).
    const shapes = [
      ...(only.has("scheduler") ? [{ name: "scheduler", posts: spread, options: { posts: spread, crashPosts: Math.min(500, spread) } }] : []),
      ...(only.has("burst")
        ? [
            { name: "scheduler burst", posts: burst, options: { posts: burst, crashPosts: Math.min(500, burst), accounts: 50, spreadMs: 0 } },
            {
              name: "scheduler burst, slow platform",
              posts: slowBurst,
              options: { posts: slowBurst, crashPosts: 0, accounts: 50, spreadMs: 0, platformDelayMs: 300 },
            },
          ]
        : []),
    ];
    for (const shape of shapes) {
      const s = await attempt(shape.name, () => measureScheduler(databaseUrl, shape.options));
      if (!s) continue;
      const ms = (n: number) => `${int(n)} ms`;
      const mark = s.lateness.p99 <= 1000 ? "PASS" : "OVER";
      figure(
        `${shape.name}: ${int(s.posts)} posts ${s.shape}, lateness p50 ${ms(s.lateness.p50)}, p95 ${ms(s.lateness.p95)}, p99 ${ms(s.lateness.p99)}, max ${ms(s.lateness.max)} (budget p99 ≤ 1 s: ${mark}); ${dec1(s.perSecond)} posts/s; duplicates ${s.duplicates}, lost ${s.lost}`,
      );
      if (s.crash) {
        figure(
          `${shape.name} crash: ${int(s.crash.posts)} posts, worker killed with SIGKILL after ${int(s.crash.killedAfter)} were published, another started at once published the rest in ${seconds(s.crash.recoveredMs / 1000)}: duplicates ${s.crash.duplicates}, lost ${s.crash.lost}`,
        );
      }
      const crash = s.crash ? `; SIGKILL + restart: ${s.crash.duplicates} duplicates, ${s.crash.lost} lost` : `; ${s.duplicates} duplicates, ${s.lost} lost`;
      summary.push(`${shape.name}: p99 lateness ${ms(s.lateness.p99)} for ${int(s.posts)} posts ${s.shape} (${mark})${crash}`);
    }
  }

  if (only.has("crash")) {
    const posts = Number(process.env.BENCH_CRASH_POSTS || 1000);
    const everything = await attempt("crash of everything", () => {
      ensureBuild();
      return measureCrashOfEverything({ posts, accounts: 50 });
    });
    if (everything) {
      const mark = everything.healthyToAllPublishedSeconds <= RECOVERY_BUDGET_SECONDS && everything.lost === 0 && everything.duplicates === 0 ? "PASS" : "OVER";
      figure(
        `crash of everything: ${int(everything.posts)} posts due at one instant over ${everything.accounts} sandbox accounts, app and embedded PostgreSQL killed with SIGKILL 2 s before ` +
          `(${int(everything.lockedAtKill)} jobs locked by the dead worker), restarted at once: healthy after ${seconds(everything.restartToHealthySeconds)}, ` +
          `all published ${seconds(everything.healthyToAllPublishedSeconds)} after health ok (goal ≤ ${RECOVERY_BUDGET_SECONDS} s: ${mark}); duplicates ${everything.duplicates}, lost ${everything.lost}`,
      );
      summary.push(`crash of everything: all ${int(everything.posts)} published ${seconds(everything.healthyToAllPublishedSeconds)} after health ok (${mark}); ${everything.duplicates} duplicates, ${everything.lost} lost`);
    }
    const killed = await attempt("one of two workers killed", () => measureWorkerKilled(databaseUrl, { posts, accounts: 50 }));
    if (killed) {
      const mark = killed.lateness.max <= SURVIVOR_BUDGET_SECONDS * 1000 && killed.lost === 0 && killed.duplicates === 0 ? "PASS" : "OVER";
      figure(
        `one of two workers killed: ${int(killed.posts)} posts due at one instant over ${killed.accounts} sandbox accounts, a worker holding ${int(killed.heldByKilled)} of their jobs killed with SIGKILL 2 s before: ` +
          `lateness p50 ${int(killed.lateness.p50)} ms, p99 ${int(killed.lateness.p99)} ms, max ${int(killed.lateness.max)} ms (goal max ≤ ${SURVIVOR_BUDGET_SECONDS} s: ${mark}); duplicates ${killed.duplicates}, lost ${killed.lost}`,
      );
      summary.push(`one of two workers killed: the last of ${int(killed.posts)} published ${int(killed.lateness.max)} ms late (${mark}); ${killed.duplicates} duplicates, ${killed.lost} lost`);
    }
  }

  if (only.has("topology")) {
    const topology = await attempt("topology", () => {
      ensureBuild();
      return measureTopology(
        databaseUrl,
        {
          posts: Number(process.env.BENCH_TOPOLOGY_POSTS || 2000),
          killPosts: Number(process.env.BENCH_TOPOLOGY_KILL_POSTS || 500),
          stretchPosts: Number(process.env.BENCH_TOPOLOGY_STRETCH_POSTS || 10_000),
        },
        note,
      );
    });
    if (topology) {
      const { media, burst, killed, stretch } = topology;
      const mediaMark = media.servedByB.status === 200 && media.servedByB.sameBytes && media.inBucket.length > 0 && media.onDisk.length === 0 ? "PASS" : "FAIL";
      figure(
        `topology media: ${bytes(media.uploadedBytes)} image uploaded through web A, GET on web B ${media.servedByB.status} (${media.servedByB.sameBytes ? "the same bytes" : "OTHER bytes"}), ` +
          `signed out ${media.signedOutStatus}; ${media.inBucket.length} object(s) in the bucket, ${media.onDisk.length} file(s) under the processes' DATA_DIR/media ` +
          `(${media.onDisk.slice(0, 3).join(", ") || "none"}): ${mediaMark}`,
      );
      const burstLine = (name: string, b: typeof burst, goal: number) => {
        const mark = b.lateness.p99 <= goal && b.duplicates === 0 && b.lost === 0 ? "PASS" : "OVER";
        figure(
          `${name}: ${int(b.posts)} posts due at one instant over ${b.accounts} sandbox accounts (scheduled in ${seconds(b.createSeconds)}), two workers: ` +
            `lateness p50 ${int(b.lateness.p50)} ms, p99 ${int(b.lateness.p99)} ms, max ${int(b.lateness.max)} ms (goal p99 ≤ ${int(goal)} ms: ${mark}); duplicates ${b.duplicates}, lost ${b.lost}`,
        );
        return mark;
      };
      const stageLines = (name: string, stages: typeof stretch.stages) => {
        for (const s of stages) {
          figure(`${name} stage ${s.stage}: ${int(s.samples)} samples, p50 ${dec1(s.p50)} ms, p99 ${dec1(s.p99)} ms, total ${seconds(s.total / 1000)}`);
        }
      };
      const burstMark = burstLine("topology burst", burst, BURST_P99_GOAL_MS);
      stageLines("topology burst", burst.stages);
      const killedMark = killed.lateness.max <= SURVIVOR_BUDGET_SECONDS * 1000 && killed.lost === 0 && killed.duplicates === 0 ? "PASS" : "OVER";
      figure(
        `topology worker killed: ${int(killed.posts)} posts due at one instant, the worker holding ${int(killed.heldByKilled)} of their jobs killed with SIGKILL 2 s before: ` +
          `lateness p50 ${int(killed.lateness.p50)} ms, p99 ${int(killed.lateness.p99)} ms, max ${int(killed.lateness.max)} ms (goal max ≤ ${SURVIVOR_BUDGET_SECONDS} s: ${killedMark}); duplicates ${killed.duplicates}, lost ${killed.lost}`,
      );
      const stretchMark = burstLine("topology stretch", stretch, STRETCH_P99_GOAL_MS);
      stageLines("topology stretch", stretch.stages);
      summary.push(
        `topology (issue 34): media A→B ${mediaMark}; ${int(burst.posts)} at one instant p99 ${int(burst.lateness.p99)} ms (${burstMark}); ` +
          `worker killed before ${int(killed.posts)}: last ${int(killed.lateness.max)} ms late (${killedMark}); ` +
          `${int(stretch.posts)} at one instant p99 ${int(stretch.lateness.p99)} ms, ${stretch.duplicates} duplicates (${stretchMark})`,
      );
    }
  }

  if (
    only.has("client-js") ||
    only.has("http") ||
    only.has("media") ||
    only.has("calendar") ||
    only.has("audit") ||
    only.has("inbox") ||
    only.has("reviews") ||
    only.has("bulk") ||
    only.has("link-in-bio") ||
    only.has("webhooks") ||
    only.has("api-keys")
  ) {
    // The webhook bench's receiver is on loopback: the app is told it may reach it.
    receiver = only.has("webhooks") ? await startWebhookReceiver() : null;
    const allowed: Record<string, string> = receiver ? { OUTBOUND_ALLOW_HOSTS: new URL(receiver.base).host } : {};
    app = await attempt("app start", async () => {
      ensureBuild();
      return startBenchApp(databaseUrl, allowed);
    });
  }
  const running = app;

  if (running && only.has("client-js")) {
    const js = await attempt("client JS", () => measureClientJs({ baseUrl: running.url, sessionCookie: running.sessionCookie, buildDir }));
    if (js) {
      const mark = (ok: boolean) => (ok ? "PASS" : "OVER");
      const publicPages = js.pages.filter((p) => !p.route.startsWith("/app"));
      const appPages = js.pages.filter((p) => p.route.startsWith("/app"));
      const list = (pages: typeof js.pages) => pages.map((p) => `${p.route} ${bytes(p.gzipBytes)}`).join(", ");
      const publicOk = publicPages.every((p) => p.withinBudget);
      const appOk = appPages.every((p) => p.withinBudget);
      figure(
        `client JS (gzip), per page route: ${list(js.pages)} (budget: public ≤ ${bytes(PUBLIC_BUDGET_BYTES)}, ` +
          `app ≤ ${bytes(APP_BUDGET_BYTES)}) public ${mark(publicOk)}, app ${mark(appOk)}`,
      );
      for (const page of js.pages) {
        const files = page.files.map((f) => `${f.source} ${bytes(f.gzipBytes)}`).join(", ") || "none";
        const where = page.finalPath !== page.route ? ` → ${page.finalPath}` : "";
        const lazy = page.dynamicImports.length > 0 ? `; loaded later by import(): ${page.dynamicImports.join(", ")}` : "";
        figure(
          `  ${page.route}${where} [${page.status}${page.signedIn ? ", signed in" : ""}]: ${bytes(page.gzipBytes)} gzip ` +
            `(${page.files.length} files: ${files}${lazy}) ${mark(page.withinBudget)}`,
        );
      }
      figure(
        `client JS in the build: ${js.buildTotal.files} files, ${bytes(js.buildTotal.gzipBytes)} gzip in total (${path.relative(process.cwd(), js.buildDir) || "."}/client)`,
      );
      if (js.notInBuild.length > 0) {
        failures.push(`client JS: the app served modules not in ${js.buildDir}/client: ${js.notInBuild.join(", ")}`);
      }
      const heaviest = [...appPages].sort((a, b) => b.gzipBytes - a.gzipBytes)[0];
      const heaviestPublic = [...publicPages].sort((a, b) => b.gzipBytes - a.gzipBytes)[0];
      summary.push(
        `client JS: heaviest public page ${heaviestPublic?.route} ${bytes(heaviestPublic?.gzipBytes ?? 0)} (≤ ${bytes(PUBLIC_BUDGET_BYTES)}: ${mark(publicOk)}), ` +
          `heaviest app page ${heaviest?.route} ${bytes(heaviest?.gzipBytes ?? 0)} (≤ ${bytes(APP_BUDGET_BYTES)}: ${mark(appOk)})`,
      );
      // Issue 9: app pages with no React island (the toaster is a plain script), and every other app page.
      const goals = appPages.map((p) => {
        const goal = issue9GoalOf(p.route);
        return { page: p, goal, ok: p.gzipBytes <= goal.bytes };
      });
      for (const { page, goal, ok } of goals) {
        figure(
          `client JS goal (issue 9), ${page.route}: ${bytes(page.gzipBytes)} gzip (${page.gzipBytes.toLocaleString("en-US")} B), ${page.islands} React island${page.islands === 1 ? "" : "s"} ` +
            `(goal ${goal.label} ≤ ${bytes(goal.bytes)}: ${mark(ok)})`,
        );
      }
      const islandFree = goals.filter((g) => g.goal.label === "no React island");
      const heaviestReact = goals.filter((g) => g.goal.label === "app page").sort((a, b) => b.page.gzipBytes - a.page.gzipBytes)[0];
      const compose = goals.find((g) => g.page.route === "/app/compose");
      summary.push(
        `client JS (issue 9): pages with no React island ${islandFree.map((g) => bytes(g.page.gzipBytes)).join(", ")} ` +
          `(≤ ${bytes(NO_ISLAND_GOAL_BYTES)}: ${mark(islandFree.every((g) => g.ok))}), ` +
          `heaviest app page ${heaviestReact?.page.route} ${bytes(heaviestReact?.page.gzipBytes ?? 0)} (≤ ${bytes(APP_PAGE_GOAL_BYTES)}: ${mark(heaviestReact?.ok ?? false)}), ` +
          `compose ${bytes(compose?.page.gzipBytes ?? 0)}`,
      );
    }
  }

  if (running && only.has("http")) {
    const load = await attempt("HTTP load", () => measureHttpLoad({ baseUrl: running.url, sessionCookie: running.sessionCookie }));
    if (load) {
      for (const f of load) {
        const line =
          `${f.label}: ${int(f.requestsPerSecond)} req/s, p99 ${int(f.p99Ms)} ms, p50 ${int(f.p50Ms)} ms ` +
          `(autocannon, ${f.connections} connections, ${f.seconds} s, ${int(f.requests)} requests, loopback)`;
        figure(line);
        summary.push(`${f.label}: ${int(f.requestsPerSecond)} req/s, p99 ${int(f.p99Ms)} ms`);
      }
    }
  }

  if (running && only.has("http") && database) {
    // Issue 9: GET /api/auth/user against a bare node:http + postgres server doing the same lookup, interleaved.
    const benchDatabaseUrl = database.url;
    const api = await attempt("GET /api/auth/user vs bare baseline", () =>
      measureApiUser({ baseUrl: running.url, sessionCookie: running.sessionCookie, databaseUrl: benchDatabaseUrl }),
    );
    if (api) {
      const mark = api.ratio >= API_USER_GOAL ? "PASS" : "OVER";
      figure(
        `GET /api/auth/user (signed in), app vs bare node:http + postgres (same lookup, same body): app ${int(api.app.requestsPerSecond)} req/s ` +
          `(p50 ${int(api.app.p50Ms)} ms, p99 ${int(api.app.p99Ms)} ms), baseline ${int(api.baseline.requestsPerSecond)} req/s ` +
          `(p50 ${int(api.baseline.p50Ms)} ms, p99 ${int(api.baseline.p99Ms)} ms), ratio ${api.ratio.toFixed(2)} (goal ≥ ${API_USER_GOAL}: ${mark}) ` +
          `(autocannon, ${api.connections} connections, ${api.rounds} × ${api.secondsPerRound} s each, interleaved, loopback)`,
      );
      summary.push(
        `GET /api/auth/user vs bare node:http + postgres: ${int(api.app.requestsPerSecond)} vs ${int(api.baseline.requestsPerSecond)} req/s, ratio ${api.ratio.toFixed(2)} (goal ≥ ${API_USER_GOAL}: ${mark})`,
      );
    }
  }

  if (running && only.has("http")) {
    // Issue 9: GET / against a bare node:http server sending the same bytes, interleaved.
    const home = await attempt("GET / vs bare static server", () => measureStaticPage({ baseUrl: running.url }));
    if (home) {
      const mark = home.ratio >= STATIC_PAGE_GOAL ? "PASS" : "OVER";
      figure(
        `GET / (signed out), app vs bare node:http sending the same bytes (${int(home.bytes)} bytes, identity): app ${int(home.app.requestsPerSecond)} req/s ` +
          `(p50 ${int(home.app.p50Ms)} ms, p99 ${int(home.app.p99Ms)} ms), baseline ${int(home.baseline.requestsPerSecond)} req/s ` +
          `(p50 ${int(home.baseline.p50Ms)} ms, p99 ${int(home.baseline.p99Ms)} ms), ratio ${home.ratio.toFixed(2)} (goal ≥ ${STATIC_PAGE_GOAL}: ${mark}) ` +
          `(autocannon, ${home.connections} connections, ${home.rounds} × ${home.secondsPerRound} s each, interleaved, loopback)`,
      );
      summary.push(
        `GET / vs bare node:http sending the same bytes: ${int(home.app.requestsPerSecond)} vs ${int(home.baseline.requestsPerSecond)} req/s, ratio ${home.ratio.toFixed(2)} (goal ≥ ${STATIC_PAGE_GOAL}: ${mark})`,
      );
    }
  }

  if (running && only.has("media")) {
    const media = await attempt("media", () => measureMedia({ baseUrl: running.url, sessionCookie: running.sessionCookie, email: running.email, databaseUrl }));
    if (media) {
      for (const u of media.uploads) {
        figure(
          `${u.label}: ${dec1(u.filesPerSecond)} files/s, ${dec1(u.megabytesPerSecond)} MB/s ` +
            `(${int(u.files)} files, ${dec1(u.bytes / 1024 / 1024)} MB in ${seconds(u.seconds)}; request p50 ${int(u.p50Ms)} ms, p99 ${int(u.p99Ms)} ms)`,
        );
      }
      figure(`media listing seed: ${int(media.seeded)} rows in ${seconds(media.seedSeconds)}`);
      for (const l of media.listings) {
        figure(`${l.label}: p50 ${dec1(l.p50Ms)} ms, p99 ${dec1(l.p99Ms)} ms (${l.items} items per answer, ${l.samples} requests in a row)`);
      }
      const [batched] = media.uploads;
      const deep = media.listings[1];
      summary.push(
        `media: upload ${dec1(batched.filesPerSecond)} files/s (${dec1(batched.megabytesPerSecond)} MB/s); gallery of ${int(media.seeded)}+ items ` +
          `first page p99 ${dec1(media.listings[0].p99Ms)} ms, deep page p99 ${dec1(deep.p99Ms)} ms`,
      );
    }
  }

  if (running && only.has("audit")) {
    const audit = await attempt("audit", () => measureAudit({ baseUrl: running.url, sessionCookie: running.sessionCookie, email: running.email, databaseUrl }));
    if (audit) {
      figure(`audit seed: ${int(audit.lines)} lines in one workspace's audit trail, written in ${dec1(audit.seedSeconds)} s`);
      for (const a of audit.figures) {
        const mark = a.p99Ms < AUDIT_BUDGET_MS ? "PASS" : "OVER";
        figure(`${a.label}: p50 ${dec1(a.p50Ms)} ms, p99 ${dec1(a.p99Ms)} ms (${a.samples} requests in a row; goal p99 < ${AUDIT_BUDGET_MS} ms: ${mark})`);
      }
      const worst = audit.figures.reduce((a, b) => (b.p99Ms > a.p99Ms ? b : a));
      summary.push(
        `audit trail (issue 10): ${int(audit.lines)} lines, worst p99 ${dec1(worst.p99Ms)} ms (${worst.label}; goal ${AUDIT_BUDGET_MS} ms: ${worst.p99Ms < AUDIT_BUDGET_MS ? "PASS" : "OVER"})`,
      );
    }
  }

  if (running && only.has("inbox")) {
    const inbox = await attempt("inbox", () => measureInbox({ baseUrl: running.url, sessionCookie: running.sessionCookie, email: running.email, databaseUrl }));
    if (inbox) {
      figure(`inbox seed: ${int(inbox.messages)} messages in one workspace, written in ${dec1(inbox.seedSeconds)} s`);
      for (const a of inbox.figures) {
        const mark = a.p99Ms < INBOX_BUDGET_MS ? "PASS" : "OVER";
        figure(`${a.label}: p50 ${dec1(a.p50Ms)} ms, p99 ${dec1(a.p99Ms)} ms (${a.samples} requests in a row; goal p99 < ${INBOX_BUDGET_MS} ms: ${mark})`);
      }
      const worst = inbox.figures.reduce((a, b) => (b.p99Ms > a.p99Ms ? b : a));
      summary.push(
        `social inbox (issue 11): ${int(inbox.messages)} messages, worst p99 ${dec1(worst.p99Ms)} ms (${worst.label}; goal ${INBOX_BUDGET_MS} ms: ${worst.p99Ms < INBOX_BUDGET_MS ? "PASS" : "OVER"})`,
      );
    }
  }

  if (running && only.has("reviews")) {
    const reviews = await attempt("reviews", () =>
      measureReviews({ baseUrl: running.url, sessionCookie: running.sessionCookie, email: running.email, databaseUrl }),
    );
    if (reviews) {
      figure(
        `reviews seed: ${int(reviews.reviews)} Google reviews over ${int(reviews.locations)} locations and ${int(reviews.otherReviews)} of listing sites in one workspace, ` +
          `written in ${dec1(reviews.seedSeconds)} s; the busiest location ${reviews.location.name} has ${int(reviews.location.reviews)}`,
      );
      for (const r of reviews.figures) {
        const mark = r.p99Ms < REVIEWS_BUDGET_MS ? "PASS" : "OVER";
        figure(`${r.label}: p50 ${dec1(r.p50Ms)} ms, p99 ${dec1(r.p99Ms)} ms (${r.samples} requests in a row; budget p99 < ${REVIEWS_BUDGET_MS} ms: ${mark})`);
      }
      const worst = reviews.figures.reduce((a, b) => (b.p99Ms > a.p99Ms ? b : a));
      summary.push(
        `reviews (issue 12): ${int(reviews.reviews)} reviews over ${int(reviews.locations)} locations, worst p99 ${dec1(worst.p99Ms)} ms (${worst.label}; budget ${REVIEWS_BUDGET_MS} ms: ${worst.p99Ms < REVIEWS_BUDGET_MS ? "PASS" : "OVER"})`,
      );
    }
  }

  if (running && only.has("calendar")) {
    const calendar = await attempt("calendar", () =>
      measureCalendar({ baseUrl: running.url, sessionCookie: running.sessionCookie, email: running.email, databaseUrl }),
    );
    if (calendar) {
      figure(
        `calendar seed: ${int(calendar.postsInMonth)} posts in this month's grid, ${int(calendar.postsElsewhere)} in other months; the month answered ${calendar.daysAnswered} days counting ${int(calendar.postsCounted)} posts`,
      );
      for (const c of calendar.figures) {
        const mark = c.p99Ms < CALENDAR_BUDGET_MS ? "PASS" : "OVER";
        figure(`${c.label}: p50 ${dec1(c.p50Ms)} ms, p99 ${dec1(c.p99Ms)} ms (${c.samples} requests in a row; budget p99 < ${CALENDAR_BUDGET_MS} ms: ${mark})`);
      }
      const [month] = calendar.figures;
      summary.push(
        `calendar: a month of ${int(calendar.postsInMonth)} posts, GET /api/calendar p99 ${dec1(month.p99Ms)} ms (budget ${CALENDAR_BUDGET_MS} ms: ${month.p99Ms < CALENDAR_BUDGET_MS ? "PASS" : "OVER"})`,
      );
    }
  }

  if (running && only.has("bulk")) {
    const bulk = await attempt("bulk", () => measureBulk({ baseUrl: running.url, sessionCookie: running.sessionCookie, email: running.email, databaseUrl }));
    if (bulk) {
      const mark = bulk.accepted.seconds < BULK_BUDGET_SECONDS ? "PASS" : "OVER";
      figure(
        `bulk upload: POST /api/posts/bulk of ${int(bulk.rows)} rows (${bytes(bulk.bodyBytes)} of JSON) answered in ${seconds(bulk.accepted.seconds)}: ` +
          `${int(bulk.accepted.successful)} scheduled, ${int(bulk.accepted.failed)} refused; ${int(bulk.postsStored)} posts stored, ${int(bulk.jobsAdded)} publication jobs ` +
          `(budget < ${BULK_BUDGET_SECONDS} s: ${mark})`,
      );
      figure(
        `bulk upload, the same file again: answered in ${seconds(bulk.again.seconds)}, ${int(bulk.again.failed)} rows refused as already scheduled, ${int(bulk.again.successful)} scheduled`,
      );
      summary.push(`bulk upload (issue 13): ${int(bulk.rows)} rows accepted in ${seconds(bulk.accepted.seconds)} (budget ${BULK_BUDGET_SECONDS} s: ${mark})`);
    }
  }

  if (running && only.has("link-in-bio")) {
    const bio = await attempt("link in bio", () => measureLinkInBio({ baseUrl: running.url, sessionCookie: running.sessionCookie }));
    if (bio) {
      const pageMark = bio.page.ratio >= STATIC_PAGE_GOAL ? "PASS" : "OVER";
      const redirectMark = bio.redirect.p99Ms < BIO_REDIRECT_BUDGET_MS ? "PASS" : "OVER";
      figure(
        `GET /bio/{username} (signed out, ${int(bio.page.bytes)} bytes), app vs bare node:http sending the same bytes: app ${int(bio.page.app.requestsPerSecond)} req/s ` +
          `(p99 ${int(bio.page.app.p99Ms)} ms), baseline ${int(bio.page.baseline.requestsPerSecond)} req/s (p99 ${int(bio.page.baseline.p99Ms)} ms), ` +
          `ratio ${bio.page.ratio.toFixed(2)} (goal ≥ ${STATIC_PAGE_GOAL}: ${pageMark})`,
      );
      figure(
        `GET /bio/{username}/go/{id} (a counted click, 302): p50 ${dec1(bio.redirect.p50Ms)} ms, p99 ${dec1(bio.redirect.p99Ms)} ms ` +
          `(${bio.redirect.samples} requests in a row; budget p99 < ${BIO_REDIRECT_BUDGET_MS} ms: ${redirectMark})`,
      );
      summary.push(
        `link in bio (issue 14): public page ratio ${bio.page.ratio.toFixed(2)} of a static server (goal ≥ ${STATIC_PAGE_GOAL}: ${pageMark}), ` +
          `click redirect p99 ${dec1(bio.redirect.p99Ms)} ms (budget ${BIO_REDIRECT_BUDGET_MS} ms: ${redirectMark})`,
      );
    }
  }

  if (running && receiver && only.has("webhooks")) {
    const local = receiver;
    const hooks = await attempt("webhooks", () => measureWebhooks({ baseUrl: running.url, sessionCookie: running.sessionCookie, receiver: local }));
    if (hooks) {
      const mark = hooks.p99Ms <= WEBHOOK_LATENCY_GOAL_MS ? "PASS" : "OVER";
      figure(
        `webhook delivery latency, post.published recorded → signed request at a local receiver: p50 ${int(hooks.p50Ms)} ms, p99 ${int(hooks.p99Ms)} ms, ` +
          `max ${int(hooks.maxMs)} ms (${hooks.posts} posts published one after another to a sandbox account; goal p99 ≤ ${int(WEBHOOK_LATENCY_GOAL_MS)} ms: ${mark})`,
      );
      summary.push(`webhooks (issue 31): post.published delivered p99 ${int(hooks.p99Ms)} ms after it was recorded (goal ≤ ${int(WEBHOOK_LATENCY_GOAL_MS)} ms: ${mark})`);
    }
  }
  await receiver?.close();
  if (running && only.has("api-keys")) {
    const keyed = await attempt("keyed API", () => measureKeyedApi({ baseUrl: running.url, sessionCookie: running.sessionCookie }));
    if (keyed) {
      const mark = keyed.ratio >= KEYED_API_GOAL ? "PASS" : "OVER";
      figure(
        `GET /api/posts (50 posts) with an API key vs with a session cookie, ${keyed.connections} connections, ${keyed.rounds} × ${keyed.secondsPerRound} s each interleaved: ` +
          `keyed ${int(keyed.keyed.requestsPerSecond)} req/s (p50 ${dec1(keyed.keyed.p50Ms)} ms, p99 ${dec1(keyed.keyed.p99Ms)} ms), ` +
          `session ${int(keyed.session.requestsPerSecond)} req/s (p50 ${dec1(keyed.session.p50Ms)} ms, p99 ${dec1(keyed.session.p99Ms)} ms), ` +
          `ratio ${keyed.ratio.toFixed(2)} (goal ≥ ${KEYED_API_GOAL}: ${mark})`,
      );
      summary.push(`public API (issue 31): keyed GET /api/posts ${keyed.ratio.toFixed(2)} of the session's requests per second (goal ≥ ${KEYED_API_GOAL}: ${mark})`);
    }
  }

  await cleanUp();
  figure("");
  figure(`summary (${seconds((performance.now() - started) / 1000)}):`);
  for (const line of summary) figure(`  ${line}`);
  if (failures.length > 0) {
    figure(`not measured:`);
    for (const failure of failures) figure(`  ${failure}`);
  }
};

main()
  .catch(async (error) => {
    failures.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
    console.error(`[bench] ${failures.at(-1)}`);
    await cleanUp();
  })
  .finally(() => process.exit(failures.length > 0 ? 1 : 0));
