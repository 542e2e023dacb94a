/**
 * The public API (issue 31): GET /api/posts with an API key (`Authorization: Bearer`) against the same
 * with a session cookie, on the same workspace and the same 50 posts, in the same run (goal: keyed at
 * least 0.9 of the session's requests per second). The key's count is kept in PostgreSQL on every
 * request (one upsert), so this is what a key costs; the bench app's limit is raised
 * (API_RATE_LIMIT_PER_MINUTE in bench/app-server.ts) so that the limit itself is not what is measured.
 */
import autocannon, { type Result } from "autocannon";

/** Keyed requests per second at least this share of the session's. */
export const KEYED_API_GOAL = 0.9;

export interface KeyedApiSide {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly requests: number;
}

export interface KeyedApiFigure {
  readonly keyed: KeyedApiSide;
  readonly session: KeyedApiSide;
  /** keyed req/s ÷ session req/s. */
  readonly ratio: number;
  readonly rounds: number;
  readonly secondsPerRound: number;
  readonly connections: number;
}

export const measureKeyedApi = async (options: {
  readonly baseUrl: string;
  readonly sessionCookie: string;
  readonly rounds?: number;
  readonly secondsPerRound?: number;
  readonly connections?: number;
}): Promise<KeyedApiFigure> => {
  const rounds = options.rounds ?? 4;
  const secondsPerRound = options.secondsPerRound ?? 5;
  const connections = options.connections ?? 10;
  const signedIn = { cookie: options.sessionCookie, origin: options.baseUrl, accept: "application/json", "content-type": "application/json" };
  const call = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${options.baseUrl}${path}`, { method, headers: signedIn, body: JSON.stringify(body), signal: AbortSignal.timeout(15_000) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  for (let i = 0; i < 50; i++) await call("POST", "/api/posts", { content: `Tip ${i + 1}: floss before you brush.`, platforms: ["facebook"], media: [], status: "draft" });
  const { key } = (await call("POST", "/api/api-keys", { name: "Bench", access: "read" })) as { key: string };

  const url = new URL("/api/posts", options.baseUrl).toString();
  const sides = { keyed: { accept: "application/json", authorization: `Bearer ${key}` }, session: { accept: "application/json", cookie: options.sessionCookie } };
  const [keyed, session] = await Promise.all([fetch(url, { headers: sides.keyed }), fetch(url, { headers: sides.session })]);
  const [keyedBody, sessionBody] = [await keyed.text(), await session.text()];
  if (keyed.status !== 200 || !keyed.headers.get("ratelimit")) throw new Error(`the keyed request answered ${keyed.status} (RateLimit: ${keyed.headers.get("ratelimit")}): ${keyedBody.slice(0, 200)}`);
  if (session.status !== 200 || sessionBody !== keyedBody) throw new Error(`the session's request answered ${session.status} ${sessionBody.slice(0, 200)}, not the key's ${keyedBody.slice(0, 200)}`);

  const load = async (headers: Record<string, string>, duration: number) => {
    const result = await autocannon({ url, connections, duration, headers, timeout: 10 });
    const failed = result.non2xx + result.errors + result.timeouts;
    if (result.requests.total === 0 || failed > result.requests.total / 100) {
      throw new Error(`${result.requests.total} requests, ${result.non2xx} not 2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
    }
    return result;
  };
  await load(sides.keyed, 2);
  await load(sides.session, 2);
  const runs: { keyed: Result[]; session: Result[] } = { keyed: [], session: [] };
  // Interleaved, so that other work on the machine weighs on both alike.
  for (let round = 0; round < rounds; round++) {
    runs.keyed.push(await load(sides.keyed, secondsPerRound));
    runs.session.push(await load(sides.session, secondsPerRound));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const side = (results: Result[]): KeyedApiSide => {
    const requests = results.reduce((n, r) => n + r.requests.total, 0);
    const seconds = results.reduce((n, r) => n + r.duration, 0);
    return { requestsPerSecond: requests / seconds, p50Ms: median(results.map((r) => r.latency.p50)), p99Ms: median(results.map((r) => r.latency.p99)), requests };
  };
  const keyedSide = side(runs.keyed);
  const sessionSide = side(runs.session);
  return { keyed: keyedSide, session: sessionSide, ratio: keyedSide.requestsPerSecond / sessionSide.requestsPerSecond, rounds, secondsPerRound, connections };
};
