import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./ports";

/**
 * The app and its worker as separate processes, as people run them (`npm start`, `npm run worker`):
 * for the tests of what only a process can show (a crash, a restart) and for the end-to-end tests.
 * No test framework is imported here: vitest and Playwright both use it.
 */

/**
 * V8's compiled code of the modules a started process loads (about a thousand: the app, Effect,
 * Astro's server), kept across the processes the tests start: a start costs a sixth less CPU once
 * one process has compiled them.
 */
const COMPILE_CACHE = { NODE_COMPILE_CACHE: path.join(tmpdir(), "socialdesk-test-compile-cache") };

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
  const child: ChildProcess = spawn(process.execPath, ["scripts/run.mjs", "start"], {
    env: {
      ...process.env,
      ...COMPILE_CACHE,
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

/**
 * A job worker alone (`npm run worker`: scripts/worker.ts) on a database, as a deployment with separate
 * workers runs it. `nodeArgs` go to Node before the script (`--cpu-prof`, which NODE_OPTIONS refuses).
 */
export const startWorkerProcess = (databaseUrl: string, env: Record<string, string> = {}, nodeArgs: ReadonlyArray<string> = []): WorkerProcess => {
  let output = "";
  const child = spawn(process.execPath, [...nodeArgs, "scripts/run.mjs", "worker"], {
    env: { ...process.env, ...COMPILE_CACHE, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn", BLUESKY_FIREHOSE_URL: "off", ...env },
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
