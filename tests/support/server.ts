import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Effect, ManagedRuntime } from "effect";
import postgres from "postgres";
import { sqlClient } from "../../infra/db/client";
import { afterAll, beforeAll } from "vitest";
import { forgetConfig } from "../../infra/config";
import type { RunningAppServer } from "../../scripts/lib/app-server";
import { createTestDatabase } from "./database";
import { freePort } from "./ports";

type AppServices = ManagedRuntime.ManagedRuntime.Services<RunningAppServer["app"]["runtime"]>;

/** The app of one test file: its server, its database, a small connection to that database, and the app's services. */
export interface AppServer {
  /** The web server: its address and port, and the process it runs in (this one). */
  readonly server: { readonly url: string; readonly port: number; readonly pid: number };
  readonly database: Awaited<ReturnType<typeof createTestDatabase>>;
  readonly sql: postgres.Sql;
  /** The services the app's worker runs on (the same database), for a test to run a command or a job itself. */
  readonly runtime: RunningAppServer["app"]["runtime"];
  /** Runs an effect on those services: a command, or a job at a time the test chooses. */
  readonly run: <A, E>(effect: Effect.Effect<A, E, AppServices>) => Promise<A>;
  /**
   * Waits until the app's worker has done every job that is due now (those added by what the test
   * did, and what they added in turn), instead of sleeping for it: a test then checks what they did,
   * or that they did nothing.
   */
  readonly drainJobs: (timeoutMs?: number) => Promise<void>;
}

/** Sets the variables of `env` (an empty string unsets one) and answers how to put them back. */
const withEnv = (env: Record<string, string>) => {
  const before = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  for (const [key, value] of Object.entries(env)) {
    if (value === "") delete process.env[key];
    else process.env[key] = value;
  }
  return () => {
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
};

/**
 * Registers the hooks that give this test file the real app on a fresh database of its own
 * (createTestDatabase), in this process (scripts/lib/app-server.ts: the web server from the build,
 * the lanes in front of Astro, the worker), and returns its context: `server`, `database`, `sql` and
 * `runtime` can be read once that beforeAll has run (in tests and in later hooks). Each test file
 * has its own modules (vitest isolates them), so its own configuration: `env` is set for the file
 * (as a function it is called only then, so an earlier beforeAll can compute it) and put back after.
 * The demo and the pre-rendered public pages are left out unless the file asks for them. A file that
 * runs a cron task itself, at times of its own, leaves that task's cron line out of its worker
 * (`withoutCron`). Everything is stopped and dropped in afterAll.
 */
export const useAppServer = (
  options: { env?: Record<string, string> | (() => Record<string, string>); demo?: boolean; staticPages?: boolean; withoutCron?: ReadonlyArray<string> } = {},
): AppServer => {
  let running: RunningAppServer | undefined;
  let database: AppServer["database"] | undefined;
  let sql: postgres.Sql | undefined;
  let restoreEnv: (() => void) | undefined;
  let dataDir: string | undefined;
  const started = <A>(value: A | undefined, name: string): A => {
    if (value === undefined) throw new Error(`useAppServer: ${name} is not there yet; read it in a test or a hook after the app's beforeAll.`);
    return value;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), "socialdesk-app-"));
    const env = typeof options.env === "function" ? options.env() : options.env;
    restoreEnv = withEnv({
      HOST: "127.0.0.1",
      PORT: String(await freePort()),
      PUBLIC_URL: "",
      DATA_DIR: dataDir,
      // No network here: the inbox listens to Bluesky only in the tests that start a PDS.
      BLUESKY_FIREHOSE_URL: "off",
      ASTRO_NODE_LOGGING: "disabled",
      ...env,
      DATABASE_URL: database.url,
    });
    forgetConfig();
    const { startAppServer } = await import("../../scripts/lib/app-server");
    running = await startAppServer({ demo: options.demo ?? false, staticPages: options.staticPages ?? false, worker: { withoutCron: options.withoutCron } });
    sql = sqlClient(database.url, { max: 2, onnotice: () => {} });
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    await running?.close();
    restoreEnv?.();
    forgetConfig();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get server() {
      const app = started(running, "server");
      return { url: app.url, port: app.port, pid: process.pid };
    },
    get database() {
      return started(database, "database");
    },
    get sql() {
      return started(sql, "sql");
    },
    get runtime() {
      return started(running, "runtime").app.runtime;
    },
    run: (effect) => started(running, "runtime").app.runtime.runPromise(effect),
    drainJobs: async (timeoutMs = 15_000) => {
      const db = started(sql, "sql");
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [{ due }] = await db<{ due: number }[]>`
          select count(*)::int as due from graphile_worker._private_jobs where run_at <= now() and attempts < max_attempts`;
        if (due === 0) return;
        if (Date.now() > deadline) throw new Error(`drainJobs: ${due} due job(s) still not done after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
};
