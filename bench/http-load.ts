import autocannon from "autocannon";

export interface LoadFigure {
  readonly label: string;
  readonly path: string;
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly requests: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly connections: number;
  readonly seconds: number;
}

export interface HttpLoadOptions {
  readonly baseUrl: string;
  readonly sessionCookie: string;
  readonly connections?: number;
  readonly seconds?: number;
  readonly warmupSeconds?: number;
}

interface Target {
  readonly label: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  /** What a correct answer looks like, checked once before the load. */
  readonly check: (response: Response, body: string) => string | null;
}

/**
 * Loopback load on the running app with autocannon: a warm-up (not counted), then `seconds` of
 * `connections` concurrent keep-alive connections per target. Average requests/s over the
 * per-second samples, latency percentiles over every request. A run where more than 1% of the
 * answers are errors or not 2xx is refused rather than reported.
 */
export const measureHttpLoad = async (options: HttpLoadOptions): Promise<ReadonlyArray<LoadFigure>> => {
  const connections = options.connections ?? 10;
  const seconds = options.seconds ?? 10;
  const warmupSeconds = options.warmupSeconds ?? 2;
  const targets: Target[] = [
    {
      label: "GET /",
      path: "/",
      headers: { accept: "text/html" },
      check: (r, body) => (r.status === 200 && body.includes("<html") ? null : `answered ${r.status}`),
    },
    {
      label: "GET /api/auth/user (signed in)",
      path: "/api/auth/user",
      headers: { accept: "application/json", cookie: options.sessionCookie },
      check: (r, body) => (r.status === 200 && body.includes('"email"') ? null : `answered ${r.status}: ${body.slice(0, 200)}`),
    },
  ];

  const figures: LoadFigure[] = [];
  for (const target of targets) {
    const url = new URL(target.path, options.baseUrl).toString();
    const probe = await fetch(url, { headers: target.headers, redirect: "manual", signal: AbortSignal.timeout(15_000) });
    const problem = target.check(probe, await probe.text());
    if (problem) throw new Error(`${target.label} ${problem}`);

    if (warmupSeconds > 0) await autocannon({ url, connections, duration: warmupSeconds, headers: target.headers, timeout: 10 });
    const result = await autocannon({ url, connections, duration: seconds, headers: target.headers, timeout: 10 });
    const requests = result.requests.total;
    const failed = result.non2xx + result.errors + result.timeouts;
    if (requests === 0 || failed > requests / 100) {
      throw new Error(
        `${target.label}: ${requests} requests, ${result.non2xx} not 2xx (${JSON.stringify(result.statusCodeStats)}), ` +
          `${result.errors} errors, ${result.timeouts} timeouts`,
      );
    }
    figures.push({
      label: target.label,
      path: target.path,
      requestsPerSecond: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      requests,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      connections,
      seconds: result.duration,
    });
  }
  return figures;
};
