import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";
import { createTestDatabase } from "./database";

/** A free loopback port. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export interface TestServer {
  readonly url: string;
  readonly port: number;
  /** The app's process (its memory is read from /proc/<pid>/status). */
  readonly pid: number;
  readonly output: () => string;
  readonly stop: () => Promise<void>;
}

/**
 * The real app as `npm start` runs it (scripts/start.ts: migrations, worker, web server), on the
 * given database and a free port. Uses the build in BUILD_DIR (default dist/), building it first
 * when there is none. Resolves once GET /api/health answers 200.
 */
export const startTestServer = async (options: { databaseUrl?: string; env?: Record<string, string> } = {}): Promise<TestServer> => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "socialdesk-server-"));
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
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`The app exited with ${child.exitCode}:\n${output}`);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { url, port, pid: child.pid!, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The app did not become healthy within 120 s:\n${output}`);
};

/** The app of one test file: its server, its database, and a small connection to that database. */
export interface AppServer {
  readonly server: TestServer;
  readonly database: Awaited<ReturnType<typeof createTestDatabase>>;
  readonly sql: postgres.Sql;
}

/**
 * Registers the hooks that give this test file the real app (startTestServer) on a fresh database
 * of its own (createTestDatabase), and returns its context: `server`, `database` and `sql` can be
 * read once that beforeAll has run (in tests and in later hooks). `env` goes to the app; as a
 * function it is called only then, so an earlier beforeAll can compute it. Everything is stopped
 * and dropped in afterAll.
 */
export const useAppServer = (options: { env?: Record<string, string> | (() => Record<string, string>) } = {}): AppServer => {
  let server: TestServer | undefined;
  let database: AppServer["database"] | undefined;
  let sql: postgres.Sql | undefined;
  const started = <A>(value: A | undefined, name: string): A => {
    if (value === undefined) throw new Error(`useAppServer: ${name} is not there yet; read it in a test or a hook after the app's beforeAll.`);
    return value;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = typeof options.env === "function" ? options.env() : options.env;
    server = await startTestServer({ databaseUrl: database.url, env });
    sql = postgres(database.url, { max: 2, onnotice: () => {} });
  }, 180_000);

  afterAll(async () => {
    await sql?.end();
    await server?.stop();
    await database?.drop();
  });

  return {
    get server() {
      return started(server, "server");
    },
    get database() {
      return started(database, "database");
    },
    get sql() {
      return started(sql, "sql");
    },
  };
};
