import { type ChildProcess, spawn } from "node:child_process";
import autocannon from "autocannon";

export interface ApiUserSide {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly requests: number;
}

export interface ApiUserFigure {
  readonly app: ApiUserSide;
  readonly baseline: ApiUserSide;
  /** app req/s ÷ baseline req/s. */
  readonly ratio: number;
  readonly rounds: number;
  readonly secondsPerRound: number;
  readonly connections: number;
}

/** Issue 9: the app's GET /api/auth/user at least this share of the bare baseline's requests per second. */
export const API_USER_GOAL = 0.8;

interface Baseline {
  readonly url: string;
  readonly stop: () => Promise<void>;
}

/** bench/api-baseline-server.ts in a process of its own (as the app is), on the bench database. */
const startBaseline = (databaseUrl: string): Promise<Baseline> =>
  new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "bench/api-baseline-server.ts"], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const stop = async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((done) => setTimeout(done, 5_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    };
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the baseline server did not start within 30 s: ${output.slice(0, 500)}`));
    }, 30_000);
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      const port = /listening (\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${port}`, stop });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the baseline server exited with ${code}: ${output.slice(0, 500)}`));
    });
  });

const fetchUser = async (base: string, cookie: string) => {
  const response = await fetch(new URL("/api/auth/user", base), { headers: { accept: "application/json", cookie }, signal: AbortSignal.timeout(15_000) });
  return { status: response.status, body: await response.text() };
};

/**
 * GET /api/auth/user (signed in) on the app against the bare baseline (bench/api-baseline-server.ts)
 * doing the same lookup, in the same run: a warm-up of each, then `rounds` rounds that load the app
 * and then the baseline for `secondsPerRound` each (interleaved, so that other work on the machine
 * weighs on both alike). Both answer the same bytes (checked first). Requests per second over all
 * rounds of a side; p50/p99: the median of the rounds' percentiles.
 */
export const measureApiUser = async (options: {
  readonly baseUrl: string;
  readonly sessionCookie: string;
  readonly databaseUrl: string;
  readonly rounds?: number;
  readonly secondsPerRound?: number;
  readonly connections?: number;
}): Promise<ApiUserFigure> => {
  const rounds = options.rounds ?? 4;
  const secondsPerRound = options.secondsPerRound ?? 5;
  const connections = options.connections ?? 10;
  const baseline = await startBaseline(options.databaseUrl);
  try {
    const headers = { accept: "application/json", cookie: options.sessionCookie };
    const [app, bare] = [await fetchUser(options.baseUrl, options.sessionCookie), await fetchUser(baseline.url, options.sessionCookie)];
    if (app.status !== 200 || !app.body.includes('"email"')) throw new Error(`the app answered ${app.status}: ${app.body.slice(0, 200)}`);
    if (bare.status !== 200 || bare.body !== app.body)
      throw new Error(`the baseline answered ${bare.status} ${bare.body.slice(0, 200)}, not the app's ${app.body.slice(0, 200)}`);

    const load = async (base: string, duration: number) => {
      const result = await autocannon({ url: new URL("/api/auth/user", base).toString(), connections, duration, headers, timeout: 10 });
      const failed = result.non2xx + result.errors + result.timeouts;
      if (result.requests.total === 0 || failed > result.requests.total / 100) {
        throw new Error(`${base}: ${result.requests.total} requests, ${result.non2xx} not 2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
      }
      return result;
    };
    await load(options.baseUrl, 2);
    await load(baseline.url, 2);
    const runs: { app: Awaited<ReturnType<typeof load>>[]; baseline: Awaited<ReturnType<typeof load>>[] } = { app: [], baseline: [] };
    for (let round = 0; round < rounds; round++) {
      runs.app.push(await load(options.baseUrl, secondsPerRound));
      runs.baseline.push(await load(baseline.url, secondsPerRound));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const side = (results: Awaited<ReturnType<typeof load>>[]): ApiUserSide => {
      const requests = results.reduce((n, r) => n + r.requests.total, 0);
      const seconds = results.reduce((n, r) => n + r.duration, 0);
      return {
        requestsPerSecond: requests / seconds,
        p50Ms: median(results.map((r) => r.latency.p50)),
        p99Ms: median(results.map((r) => r.latency.p99)),
        requests,
      };
    };
    const appSide = side(runs.app);
    const baselineSide = side(runs.baseline);
    return { app: appSide, baseline: baselineSide, ratio: appSide.requestsPerSecond / baselineSide.requestsPerSecond, rounds, secondsPerRound, connections };
  } finally {
    await baseline.stop();
  }
};
