import { type ChildProcess, spawn } from "node:child_process";
import autocannon from "autocannon";

export interface StaticPageSide {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly requests: number;
}

export interface StaticPageFigure {
  readonly app: StaticPageSide;
  readonly baseline: StaticPageSide;
  /** app req/s ÷ baseline req/s. */
  readonly ratio: number;
  readonly bytes: number;
  readonly rounds: number;
  readonly secondsPerRound: number;
  readonly connections: number;
}

/** Issue 9: the app's GET / at least this share of the bare static server's requests per second. */
export const STATIC_PAGE_GOAL = 0.5;

interface Baseline {
  readonly url: string;
  readonly stop: () => Promise<void>;
}

/** bench/static-baseline-server.ts in a process of its own (as the app is), serving the app's bytes of `pagePath`. */
const startBaseline = (appUrl: string, pagePath: string): Promise<Baseline> =>
  new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "bench/static-baseline-server.ts"], {
      env: { ...process.env, APP_URL: appUrl, PAGE_PATH: pagePath },
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
      reject(new Error(`the static baseline server did not start within 30 s: ${output.slice(0, 500)}`));
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
      reject(new Error(`the static baseline server exited with ${code}: ${output.slice(0, 500)}`));
    });
  });

const fetchPage = async (base: string, pagePath: string) => {
  const response = await fetch(new URL(pagePath, base), {
    headers: { accept: "text/html", "accept-encoding": "identity" },
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, body: await response.text() };
};

/**
 * GET / (signed out, as autocannon asks: Accept: text/html, no Accept-Encoding) on the app against a
 * bare node:http server sending the same bytes (bench/static-baseline-server.ts), in the same run: a
 * warm-up of each, then `rounds` rounds that load the app and then the baseline for
 * `secondsPerRound` each (interleaved, so that other work on the machine weighs on both alike).
 * Requests per second over all rounds of a side; p50/p99: the median of the rounds' percentiles.
 */
export const measureStaticPage = async (options: {
  readonly baseUrl: string;
  readonly path?: string;
  readonly rounds?: number;
  readonly secondsPerRound?: number;
  readonly connections?: number;
}): Promise<StaticPageFigure> => {
  const pagePath = options.path ?? "/";
  const rounds = options.rounds ?? 4;
  const secondsPerRound = options.secondsPerRound ?? 5;
  const connections = options.connections ?? 10;
  const baseline = await startBaseline(options.baseUrl, pagePath);
  try {
    const headers = { accept: "text/html" };
    const [app, bare] = [await fetchPage(options.baseUrl, pagePath), await fetchPage(baseline.url, pagePath)];
    if (app.status !== 200 || !app.body.includes("<html")) throw new Error(`the app answered ${app.status}: ${app.body.slice(0, 200)}`);
    if (bare.status !== 200 || bare.body !== app.body)
      throw new Error(`the baseline answered ${bare.status} with ${bare.body.length} characters, not the app's ${app.body.length}`);

    const load = async (base: string, duration: number) => {
      const result = await autocannon({ url: new URL(pagePath, base).toString(), connections, duration, headers, timeout: 10 });
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
    const side = (results: Awaited<ReturnType<typeof load>>[]): StaticPageSide => {
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
    return {
      app: appSide,
      baseline: baselineSide,
      ratio: appSide.requestsPerSecond / baselineSide.requestsPerSecond,
      bytes: Buffer.byteLength(app.body),
      rounds,
      secondsPerRound,
      connections,
    };
  } finally {
    await baseline.stop();
  }
};
