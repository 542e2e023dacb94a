import { afterAll, describe, expect, it } from "vitest";
import { SocialAccounts } from "../../infra/accounts/SocialAccounts";
import { sandboxProfile } from "../../infra/accounts/sandbox";
import { createTestApp } from "../support/database";
import { startWorkerProcess, type WorkerProcess } from "../support/processes";
import { callerFor, createTestPost, registerOwner, sandboxPublication, sleepUntil } from "../support/publishing";
import { until } from "../support/wait";

/**
 * A crash, with real processes: one of two workers (`npm run worker`) killed with SIGKILL just
 * before a burst of scheduled posts; the other publishes all of it, each once, within the goal of
 * the hardening issue.
 */

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
        () => sandboxPublication(app!.sql, postIds),
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
