import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";
import type { RunningAppServer } from "../../scripts/lib/app-server";
import { createTestDatabase } from "./database";
import { freePort } from "./ports";


export interface TestServer {
  readonly url: string;
  readonly port: number;
  /** The app process's id. */
  readonly pid: number;
  readonly output: () => string;
  readonly stop: () => Promise<void>;
  /** Kills the app process with SIGKILL (a crash: nothing is stopped cleanly) and waits for it to be gone. */
  readonly kill: () => Promise<void>;
}

/**
 * The real app as `npm start` runs it (scripts/start.ts: migrations, worker, web server), on the
 * given database and a free port. Uses the build in BUILD_DIR (default dist/), building it first
 * when there is none. Resolves once GET /api/health answers 200.
 */
export const startTestServer = async (
  options: {
    databaseUrl?: string;
    env?: Record<string, string>;
    /** The app's DATA_DIR, kept when it stops (a restart on the same embedded database); else a temporary one. */
    dataDir?: string;
    port?: number;
  } = {},
): Promise<TestServer> => {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "socialdesk-server-"));
  const removeDataDir = () => {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // No network here: the inbox listens to Bluesky only in the tests that start a PDS.
      BLUESKY_FIREHOSE_URL: "off",
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    removeDataDir();
  };
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      removeDataDir();
      throw new Error(`The app exited with ${child.exitCode}:\n${output}`);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { url, port, pid: child.pid!, output: () => output, stop, kill };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The app did not become healthy within 120 s:\n${output}`);
};

/** The app of one test file: its server, its database, a small connection to that database, and the app's services. */
export interface AppServer {
  /** The web server: its address and port, and the process it runs in (this one). */
  readonly server: { readonly url: string; readonly port: number; readonly pid: number };
  readonly database: Awaited<ReturnType<typeof createTestDatabase>>;
  readonly sql: postgres.Sql;
  /** The services the app's worker runs on (the same database), for a test to run a command or a job itself. */
  readonly runtime: RunningAppServer["app"]["runtime"];
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
 * The demo and the pre-rendered public pages are left out unless the file asks for them. Everything
 * is stopped and dropped in afterAll.
 */
export const useAppServer = (
  options: { env?: Record<string, string> | (() => Record<string, string>); demo?: boolean; staticPages?: boolean } = {},
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
    const { startAppServer } = await import("../../scripts/lib/app-server");
    running = await startAppServer({ demo: options.demo ?? false, staticPages: options.staticPages ?? false, worker: true });
    sql = postgres(database.url, { max: 2, onnotice: () => {} });
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    await running?.close();
    restoreEnv?.();
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
  };
};

/** Kills the embedded PostgreSQL of an app's DATA_DIR with SIGKILL (its whole process group: the server and its sessions), and waits until it is gone. */
export const killEmbeddedPostgres = async (dataDir: string) => {
  const pid = Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
  process.kill(-pid, "SIGKILL");
  const gone = () => {
    try {
      process.kill(pid, 0);
      return false;
    } catch {
      return true;
    }
  };
  const deadline = Date.now() + 10_000;
  while (!gone() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
};

/** The embedded PostgreSQL's address as the app of `dataDir` wrote it. */
export const embeddedDatabaseUrl = (dataDir: string) => {
  const c = JSON.parse(readFileSync(path.join(dataDir, "postgres.json"), "utf8")) as { host: string; port: number; user: string; password: string; database: string };
  return `postgres://${encodeURIComponent(c.user)}:${encodeURIComponent(c.password)}@${c.host}:${c.port}/${c.database}`;
};

export interface WorkerProcess {
  readonly pid: number;
  readonly output: () => string;
  /** SIGTERM (a clean stop) or SIGKILL (a crash), and waits for the exit. */
  readonly stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/** A job worker alone (`npm run worker`: scripts/worker.ts) on a database, as a deployment with separate workers runs it. */
export const startWorkerProcess = (databaseUrl: string, env: Record<string, string> = {}): WorkerProcess => {
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn", BLUESKY_FIREHOSE_URL: "off", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return {
    pid: child.pid!,
    output: () => output,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill(signal);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
};
