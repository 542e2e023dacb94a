import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { RateLimits } from "../../infra/api-access/RateLimits";
import { type Browser, signUp } from "../support/browser";
import { useAppServer } from "../support/server";

/**
 * Each API key's requests a minute (README: Security › Rate limits), counted in PostgreSQL: the real
 * app on a database of its own, its count read from the `api_rate_limits` table.
 */

const app = useAppServer();

const countOf = (keyId: string, limit: number) => app.run(RateLimits.use((limits) => limits.count(keyId, limit)));

describe("counting a key's requests in PostgreSQL", () => {
  it("given 60 requests of a key in its window, then the 61st is past the limit, and the table holds the count any process reads", async () => {
    const key = randomUUID();
    const counted = [];
    for (let i = 0; i < 61; i++) counted.push(await countOf(key, 60));
    expect(counted[0]).toMatchObject({ limit: 60, remaining: 59, exceeded: false });
    expect(counted[59]).toMatchObject({ remaining: 0, exceeded: false });
    expect(counted[60]).toMatchObject({ remaining: 0, exceeded: true });
    for (const { resetSeconds } of counted) {
      expect(resetSeconds).toBeGreaterThanOrEqual(1);
      expect(resetSeconds).toBeLessThanOrEqual(60);
    }

    const [row] = await app.sql<{ count: number }[]>`select count from api_rate_limits where key_id = ${key}`;
    expect(row!.count).toBe(61);
  });

  it("given requests counted from two connections at once, then none is lost (one upsert each)", async () => {
    const key = randomUUID();
    await Promise.all(Array.from({ length: 40 }, () => countOf(key, 600)));
    const [row] = await app.sql<{ count: number }[]>`select count from api_rate_limits where key_id = ${key}`;
    expect(row!.count).toBe(40);
  });

  it("given a window that has ended, then the next request starts a new one at 1", async () => {
    const key = randomUUID();
    for (let i = 0; i < 5; i++) await countOf(key, 5);
    expect(await countOf(key, 5)).toMatchObject({ exceeded: true });
    await app.sql`update api_rate_limits set window_start = now() - interval '61 seconds' where key_id = ${key}`;
    const fresh = await countOf(key, 5);
    expect(fresh).toMatchObject({ remaining: 4, exceeded: false });
    expect(fresh.resetSeconds).toBeGreaterThanOrEqual(59);
  });
});

const keyOf = async (browser: Browser, access: "read" | "write" = "read") => {
  const created = await browser.post("/api/api-keys", { name: "Zapier", access });
  expect(created.status, created.text).toBe(201);
  return created.data as { id: string; key: string };
};

const keyed = (key: string, path = "/api/posts", init: RequestInit = {}) =>
  fetch(`${app.server.url}${path}`, { ...init, headers: { accept: "application/json", authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) } });

describe("a keyed request over HTTP", () => {
  it("given a key of a trial workspace, then every answer carries RateLimit-Policy and RateLimit, the 61st request in its minute answers 429 with Retry-After and the sentence, and a session's requests are not counted", async () => {
    const { browser } = await signUp(app.server.url);
    const { id, key } = await keyOf(browser);
    const first = await keyed(key);
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-policy")).toBe('"default";q=60;w=60');
    expect(first.headers.get("ratelimit")).toMatch(/^"default";r=59;t=([1-9]|[1-5][0-9]|60)$/);
    // Another app process counting the same key (the worker's runtime, its own pool) shares the count.
    for (let i = 0; i < 30; i++) await countOf(id, 60);
    for (let i = 0; i < 29; i++) expect((await keyed(key)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await browser.get("/api/posts")).headers.get("ratelimit")).toBeNull();
    const [row] = await app.sql<{ count: number }[]>`select count from api_rate_limits where key_id = ${id}`;
    expect(row!.count).toBe(60);

    const refused = await keyed(key);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.headers.get("ratelimit")).toBe(`"default";r=0;t=${wait}`);
    const problem = await refused.json();
    expect(problem).toMatchObject({ status: 429, code: "rate_limited" });
    expect(problem.detail).toBe(`Too many requests for this API key: 60 a minute during the free trial. Try again in ${wait === 1 ? "1 second" : `${wait} seconds`}.`);
  });
});

describe("the API's document", () => {
  it("given the OpenAPI document, then every guarded operation declares the 429 of a key past its limit", async () => {
    const document = await (await fetch(`${app.server.url}/api/openapi.json`)).json();
    expect(Object.keys(document.paths["/api/posts"].get.responses)).toContain("429");
    expect(Object.keys(document.paths["/api/posts"].post.responses)).toContain("429");
    // A keyed answer's fields, and Idempotency-Key on every POST with its refusals.
    expect(Object.keys(document.paths["/api/posts"].get.responses["200"].headers)).toEqual(expect.arrayContaining(["RateLimit-Policy", "RateLimit"]));
    expect(document.paths["/api/posts"].post.parameters).toContainEqual(expect.objectContaining({ name: "Idempotency-Key", in: "header", required: false }));
    expect(JSON.stringify(document.paths["/api/posts"].post.responses["422"])).toContain("idempotency_key_reused");
    expect(JSON.stringify(document.paths["/api/categories"].post.responses["409"])).toContain("idempotency_key_in_use");
    expect(document.paths["/api/auth/login"].post.parameters ?? []).not.toContainEqual(expect.objectContaining({ name: "Idempotency-Key" }));
  });
});
