import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { SocialAccounts } from "../../infra/accounts/SocialAccounts";
import { sandboxProfile } from "../../src/features/accounts/sandbox";
import { signUp } from "../support/browser";
import { createTestApp } from "../support/database";
import { callerFor, createTestPost, registerOwner } from "../support/publishing";
import { freePort } from "../support/ports";
import { embeddedDatabaseUrl, killEmbeddedPostgres, startTestServer, startWorkerProcess, type TestServer, type WorkerProcess } from "../support/processes";
import { until } from "../support/wait";

/**
 * Crashes, with real processes: the app and its embedded PostgreSQL killed with SIGKILL just before
 * a burst of scheduled posts and started again at once; and one of two workers killed just before a
 * burst. Every post goes out, each once, within the goals of the hardening issue.
 */

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/** Posts of `postIds` on the sandbox timeline: how many went out, and how many more than once. */
const publication = async (sql: postgres.Sql, postIds: ReadonlyArray<string>) => {
  const [row] = await sql<{ published: number; duplicates: number; last: Date | null }[]>`
    select count(distinct (post_id, account_id))::int as published,
           (count(*) - count(distinct (post_id, account_id)))::int as duplicates,
           max(published_at) as last
    from sandbox_posts where post_id = any(${postIds}::uuid[])`;
  return row!;
};

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
      const setUp = postgres(embeddedDatabaseUrl(dataDir), { max: 1, onnotice: () => {} });
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
      const before = postgres(embeddedDatabaseUrl(dataDir), { max: 1, onnotice: () => {} });
      // The worker took their jobs 5 s ahead of time: the crash leaves them locked by a dead process.
      const [{ locked }] = await before<{ locked: number }[]>`select count(*)::int as locked from graphile_worker._private_jobs where locked_at is not null and key like 'post:%'`;
      await before.end({ timeout: 1 });
      expect(locked).toBeGreaterThan(0);
      await server.kill();
      await killEmbeddedPostgres(dataDir);

      server = await startTestServer({ dataDir, port, env });
      const healthyAt = Date.now();
      const sql = postgres(embeddedDatabaseUrl(dataDir), { max: 1, onnotice: () => {} });
      try {
        const outcome = await until(
          () => publication(sql, postIds),
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

describe("two workers, one killed", () => {
  let app: Awaited<ReturnType<typeof createTestApp>> | undefined;
  const workers: WorkerProcess[] = [];
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await app?.close();
  });

  it(
    "given two worker processes, when one is killed with SIGKILL 2 s before 200 posts fall due at one instant, " +
      "then the other publishes all of them within 15 s of their time, each once",
    async () => {
      app = await createTestApp();
      const user = await registerOwner(app, { firstName: "Kai", lastName: "Crash", emailPrefix: "crash", company: "Crash Co" });
      const accounts: Array<{ readonly id: string }> = [];
      for (let i = 0; i < 10; i++) {
        const connected = await app.run(
          SocialAccounts.use((a) =>
            a.connect(callerFor(user), { platform: "bluesky", kind: "sandbox", profile: sandboxProfile(`Sandbox ${i}`), credentials: null, tokenExpiresAt: null }),
          ),
        );
        accounts.push(connected.account);
      }
      workers.push(startWorkerProcess(app.url), startWorkerProcess(app.url));
      const live = () => app!.sql<{ worker_id: string; graphile_worker_ids: string[] }[]>`select worker_id, graphile_worker_ids from worker_heartbeats`;
      const registered = await until(live, (rows) => rows.length === 2 && rows.every((r) => r.graphile_worker_ids.length > 0), 60_000);
      expect(registered).toHaveLength(2);

      const due = Math.ceil((Date.now() + 8_000) / 1000) * 1000;
      const postIds = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          createTestPost(app!, user, `Burst ${i}`, [{ accountId: accounts[i % accounts.length]!.id, platform: "bluesky" }], { scheduledAt: new Date(due) }),
        ),
      );

      await sleepUntil(due - 2_000);
      // The worker that took more of the burst ahead of time is killed (graphile-worker shares the jobs as it finds them).
      const held = await Promise.all(
        workers.map(async (worker) => {
          const ids = (await live()).find((r) => r.worker_id.includes(`:${worker.pid}:`))!.graphile_worker_ids;
          const [{ n }] = await app!.sql<{ n: number }[]>`select count(*)::int as n from graphile_worker._private_jobs where locked_by = any(${ids})`;
          return n;
        }),
      );
      const doomed = held[0]! >= held[1]! ? workers[0]! : workers[1]!;
      expect(Math.max(...held)).toBeGreaterThan(0);
      await doomed.stop("SIGKILL");

      const outcome = await until(
        () => publication(app!.sql, postIds),
        (p) => p.published === 200,
        due + 20_000 - Date.now(),
      );
      expect(outcome.published).toBe(200);
      expect(outcome.last!.getTime() - due).toBeLessThan(15_000);
      expect(outcome.duplicates).toBe(0);
    },
    180_000,
  );
});
