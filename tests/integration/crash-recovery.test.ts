import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sqlClient } from "../../infra/db/client";
import { afterAll, describe, expect, it } from "vitest";
import { signUp } from "../support/browser";
import { freePort } from "../support/ports";
import { embeddedDatabaseUrl, killEmbeddedPostgres, startTestServer, type TestServer } from "../support/processes";
import { sandboxPublication, sleepUntil } from "../support/publishing";
import { until } from "../support/wait";

/**
 * A crash, with real processes: the app as `npm start` runs it and its embedded PostgreSQL killed
 * with SIGKILL just before a burst of scheduled posts and started again at once. Every post goes
 * out, each once, within the goal of the hardening issue. (One of two workers killed:
 * topology.test.ts.)
 */

describe("a crash of the app and its database", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "socialdesk-crash-"));
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "given 20 posts due at T, when the app and its embedded PostgreSQL are killed with SIGKILL at T−2 s and started again at once, " +
      "then every post is published once within 60 s of /api/health answering ok, and none stays scheduled or publishing",
    async () => {
      const port = await freePort();
      // Embedded PostgreSQL of its own (DATABASE_URL emptied), on a port of its own, kept across the restart.
      const env = { DATABASE_URL: "", EMBEDDED_PG_PORT: String(await freePort()) };
      server = await startTestServer({ dataDir, port, env });
      const { browser, user } = await signUp(server.url);
      const setUp = sqlClient(embeddedDatabaseUrl(dataDir), { max: 1, onnotice: () => {} });
      // Past the trial's 10 posts a month.
      await setUp`update workspaces set subscription_tier = 'agency', subscription_status = 'active', is_trial_active = false
                where id = (select workspace_id from users where id = ${user.id})`;
      await setUp.end();
      const account = await browser.post("/api/social-accounts/sandbox", { platform: "bluesky", accountName: "Sandbox Bluesky" });
      expect(account.status, account.text).toBe(201);

      const due = Math.ceil((Date.now() + 12_000) / 1000) * 1000;
      const postIds: string[] = [];
      for (let i = 0; i < 20; i++) {
        const created = await browser.post("/api/posts", {
          content: `Due during the outage ${i}`,
          platforms: ["bluesky"],
          accountIds: [account.data.id],
          status: "scheduled",
          scheduledAt: new Date(due).toISOString(),
        });
        expect(created.status, created.text).toBe(201);
        postIds.push(created.data.id);
      }

      await sleepUntil(due - 2_000);
      const before = sqlClient(embeddedDatabaseUrl(dataDir), { max: 1, onnotice: () => {} });
      // The worker took their jobs 5 s ahead of time: the crash leaves them locked by a dead process.
      const [{ locked }] = await before<{ locked: number }[]>`select count(*)::int as locked from graphile_worker._private_jobs where locked_at is not null and key like 'post:%'`;
      await before.end({ timeout: 1 });
      expect(locked).toBeGreaterThan(0);
      await server.kill();
      await killEmbeddedPostgres(dataDir);

      server = await startTestServer({ dataDir, port, env });
      const healthyAt = Date.now();
      const sql = sqlClient(embeddedDatabaseUrl(dataDir), { max: 1, onnotice: () => {} });
      try {
        const outcome = await until(
          () => sandboxPublication(sql, postIds),
          (p) => p.published === 20,
          60_000,
        );
        expect(outcome.published).toBe(20);
        expect(Date.now() - healthyAt).toBeLessThan(60_000);
        expect(outcome.duplicates).toBe(0);
        const statuses = await sql<{ status: string; n: number }[]>`
          select status, count(*)::int as n from posts where id = any(${postIds}::uuid[]) group by status`;
        expect(statuses).toEqual([{ status: "published", n: 20 }]);
      } finally {
        await sql.end({ timeout: 1 });
      }
    },
    240_000,
  );
});
