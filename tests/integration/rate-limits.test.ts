import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { RateLimits } from "../../infra/api-limits/RateLimits";
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

describe("the API's document", () => {
  it("given the OpenAPI document, then every guarded operation declares the 429 of a key past its limit", async () => {
    const document = await (await fetch(`${app.server.url}/api/openapi.json`)).json();
    expect(Object.keys(document.paths["/api/posts"].get.responses)).toContain("429");
    expect(Object.keys(document.paths["/api/posts"].post.responses)).toContain("429");
  });
});
