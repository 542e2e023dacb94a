import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

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
    const healthy = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (healthy) return { url, port, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The app did not become healthy within 120 s:\n${output}`);
};
