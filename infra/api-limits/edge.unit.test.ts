import { createHash } from "node:crypto";
import { Effect, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { apiRequestsPerMinuteOf, TIERS } from "../../domain/plans";
import type { ApiKeyUse } from "../web/api/guard";
import { hashing, rateLimitHeaders, tooManyRequestsMessage, withApiLimits } from "./edge";
import { Idempotency } from "./Idempotency";
import { RateLimits } from "./RateLimits";

/** A key as the edge hands it over (the key module finds it from `Authorization: Bearer`). */
const zapier: ApiKeyUse = { id: "key-1", name: "Zapier", workspaceId: "ws-1", access: "write", requireApproval: false, createdBy: "user-1" };

/** A count kept in memory, as the table keeps it: each request adds one, the window has 42 s left. */
const countedInMemory = () => {
  const counts = new Map<string, number>();
  const layer = Layer.succeed(RateLimits, {
    count: (keyId: string, limit: number) =>
      Effect.sync(() => {
        const count = (counts.get(keyId) ?? 0) + 1;
        counts.set(keyId, count);
        return { limit, remaining: Math.max(0, limit - count), resetSeconds: 42, exceeded: count > limit };
      }),
  });
  return { counts, layer: Layer.merge(layer, Layer.succeed(Idempotency, {} as Idempotency["Service"])) };
};

const ok = async () => new Response(JSON.stringify({ items: [], next: null }), { status: 200, headers: { "content-type": "application/json" } });

describe("a key's rate limit at the edge", () => {
  it("given a Starter workspace's key, then each answer says the policy and what is left, and the 61st request of the window is refused 429 with Retry-After and a sentence", async () => {
    const { counts, layer } = countedInMemory();
    const call = () =>
      Effect.runPromise(withApiLimits(new Request("http://app.test/api/posts"), { workspaceId: "ws-1", apiKey: zapier, tier: "starter" }, ok).pipe(Effect.provide(layer)));

    const first = await call();
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-policy")).toBe('"default";q=60;w=60');
    expect(first.headers.get("ratelimit")).toBe('"default";r=59;t=42');
    expect(await first.json()).toEqual({ items: [], next: null });

    for (let i = 2; i <= 60; i++) expect((await call()).status).toBe(200);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("42");
    expect(refused.headers.get("ratelimit")).toBe('"default";r=0;t=42');
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(await refused.json()).toMatchObject({
      status: 429,
      code: "rate_limited",
      detail: "Too many requests for this API key: 60 a minute on the Starter plan. Try again in 42 seconds.",
    });
    expect(counts.get("key-1")).toBe(61);
  });

  it("given a request with a session (no key), then it is not counted and carries no rate-limit fields", async () => {
    const { counts, layer } = countedInMemory();
    const answer = await Effect.runPromise(
      withApiLimits(new Request("http://app.test/api/posts"), { workspaceId: "ws-1", apiKey: null, tier: "starter" }, ok).pipe(Effect.provide(layer)),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("ratelimit")).toBeNull();
    expect(counts.size).toBe(0);
  });

  it("given each plan, then its key gets the catalogue's requests a minute (a trial the Starter plan's)", () => {
    expect(TIERS.map(apiRequestsPerMinuteOf)).toEqual([60, 60, 120, 300, 600]);
    const at = (limit: number) => ({ limit, remaining: 0, resetSeconds: 1, exceeded: true });
    expect(tooManyRequestsMessage(at(60), "trial")).toBe("Too many requests for this API key: 60 a minute during the free trial. Try again in 1 second.");
    expect(tooManyRequestsMessage(at(600), "agency")).toBe("Too many requests for this API key: 600 a minute on the Agency plan. Try again in 1 second.");
    expect(rateLimitHeaders({ limit: 300, remaining: 12, resetSeconds: 7, exceeded: false })).toEqual({
      "ratelimit-policy": '"default";q=300;w=60',
      ratelimit: '"default";r=12;t=7',
    });
  });
});

describe("hashing an upload as it passes", () => {
  const digestOf = async (body: string, boundary: string, cuts: ReadonlyArray<number>) => {
    const bytes = Buffer.from(body);
    const chunks = [0, ...cuts, bytes.length].slice(1).map((end, i, ends) => bytes.subarray(i === 0 ? 0 : ends[i - 1], end));
    const hash = createHash("sha256");
    let ended = false;
    const passed: Uint8Array[] = [];
    const source = new ReadableStream<Uint8Array>({
      start: (controller) => {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    for await (const chunk of source.pipeThrough(hashing(hash, `--${boundary}`, () => (ended = true))) as unknown as AsyncIterable<Uint8Array>) passed.push(chunk);
    expect(Buffer.concat(passed).toString()).toBe(body);
    expect(ended).toBe(true);
    return hash.digest("hex");
  };
  const form = (boundary: string, text: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\n${text}\r\n--${boundary}--\r\n`;

  it("given the same parts under two boundaries, cut into chunks anywhere (a boundary too), then the hashes are equal; other content differs", async () => {
    const one = await digestOf(form("----formdata-undici-0123", "hello"), "----formdata-undici-0123", []);
    for (const cuts of [[1], [5, 9], [30, 31, 32], [70, 75, 80], [2, 4, 6, 8, 10, 12, 14, 16, 18, 20]]) {
      expect(await digestOf(form("----WebKitFormBoundaryXyZ", "hello"), "----WebKitFormBoundaryXyZ", cuts), JSON.stringify(cuts)).toBe(one);
    }
    expect(await digestOf(form("----WebKitFormBoundaryXyZ", "hellO"), "----WebKitFormBoundaryXyZ", [3])).not.toBe(one);
  });
});
