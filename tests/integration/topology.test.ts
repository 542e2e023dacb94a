import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { SocialAccounts } from "../../infra/accounts/SocialAccounts";
import { sandboxProfile } from "../../infra/accounts/sandbox";
import { signUp } from "../support/browser";
import { createTestApp } from "../support/database";
import { samplePng } from "../support/openai";
import { callerFor, createTestPost, registerOwner, sandboxPublication, sleepUntil } from "../support/publishing";
import { mediaAcrossWebs, startTopology, type Topology } from "../support/topology";
import { until } from "../support/wait";

/**
 * Past one machine (issue 34), with real processes sharing one database: two web processes
 * (RUN_WORKER=false), two workers and an S3 server (s3rver), as deploy/compose.yaml runs them
 * (tests/support/topology.ts). Smaller than the bench's `--only topology`: 60 posts at one instant,
 * then a burst of 100 with one worker killed 2 s before it. Both bursts are scheduled once the
 * processes are up, 3 s apart, so the cases share one start (and the media case runs while they wait).
 */

const FIRST = 60;
const SECOND = 100;

describe("two web processes and two workers on one database and one bucket", () => {
  let app: Awaited<ReturnType<typeof createTestApp>> | undefined;
  let topology: Topology | undefined;
  const bursts = { first: { due: 0, postIds: [] as string[] }, second: { due: 0, postIds: [] as string[] } };

  beforeAll(async () => {
    app = await createTestApp();
    const created = app;
    const [started, user] = await Promise.all([
      startTopology({ databaseUrl: created.url }),
      registerOwner(created, { firstName: "Tori", lastName: "Pology", emailPrefix: "topology", company: "Topology Co" }),
    ]);
    topology = started;
    const accounts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        created.run(
          SocialAccounts.use((a) =>
            a.connect(callerFor(user), { platform: "bluesky", kind: "sandbox", profile: sandboxProfile(`Sandbox ${i}`), credentials: null, tokenExpiresAt: null }),
          ),
        ),
      ),
    );
    // Both workers alive (the web processes answer health once one is): either may take the jobs.
    await until(
      () => created.sql<{ n: number }[]>`select count(*)::int as n from worker_heartbeats where cardinality(graphile_worker_ids) > 0`,
      ([row]) => row!.n === 2,
      30_000,
    );
    // A post created less than the lead (5 s) before its time has its job start at once: it waits for the second.
    bursts.first.due = Math.ceil((Date.now() + 2_000) / 1000) * 1000;
    // The kill (2 s before the second burst) comes once the first is out.
    bursts.second.due = bursts.first.due + 3_000;
    const schedule = (count: number, due: number, name: string) =>
      Promise.all(
        Array.from({ length: count }, (_, i) =>
          createTestPost(created, user, `${name} ${i}`, [{ accountId: accounts[i % accounts.length]!.account.id, platform: "bluesky" }], {
            scheduledAt: new Date(due),
          }),
        ),
      );
    [bursts.first.postIds, bursts.second.postIds] = await Promise.all([schedule(FIRST, bursts.first.due, "At one instant"), schedule(SECOND, bursts.second.due, "After a crash")]);
  }, 90_000);

  afterAll(async () => {
    await topology?.stop();
    await app?.close();
  });

  it("given media stored in S3, when a person uploads an image through web A, then web B serves the same bytes to them (and not signed out), and the file lies in the bucket only", async () => {
    const { browser } = await signUp(topology!.webs[0].url);
    const bytes = await samplePng();
    const media = await mediaAcrossWebs(topology!, browser, { bytes, name: `across-${randomUUID().slice(0, 8)}.png` });
    expect(media.servedByB).toEqual({ status: 200, sameBytes: true, contentType: "image/png" });
    expect(media.signedOutStatus).not.toBe(200);
    expect(media.inBucket.length).toBeGreaterThan(0);
    expect(media.onDisk).toEqual([]);
  });

  it(`given two workers, when ${FIRST} posts fall due at one instant, then each is published once, within 5 s of its time`, async () => {
    const { due, postIds } = bursts.first;
    const outcome = await until(
      () => sandboxPublication(app!.sql, postIds),
      (p) => p.published === FIRST,
      due + 10_000 - Date.now(),
    );
    expect(outcome.published).toBe(FIRST);
    expect(outcome.duplicates).toBe(0);
    expect(outcome.last!.getTime() - due).toBeLessThan(5_000);
  });

  it(`given two workers, when the one holding more of ${SECOND} posts' jobs is killed with SIGKILL 2 s before their time, then the other publishes all of them once, within 15 s of their time`, async () => {
    const { due, postIds } = bursts.second;
    await sleepUntil(due - 2_000);
    const held = await Promise.all(
      topology!.workers.map(async (worker) => {
        const [row] = await app!.sql<{ ids: string[] }[]>`select graphile_worker_ids as ids from worker_heartbeats where worker_id like ${`%:${worker.pid}:%`}`;
        const [{ n }] = await app!.sql<{ n: number }[]>`
          select count(*)::int as n from graphile_worker._private_jobs
          where locked_by = any(${row?.ids ?? []}) and key = any(${postIds.map((id) => `post:${id}`)})`;
        return n;
      }),
    );
    expect(Math.max(...held)).toBeGreaterThan(0);
    await topology!.workers[held[0]! >= held[1]! ? 0 : 1]!.stop("SIGKILL");

    const outcome = await until(
      () => sandboxPublication(app!.sql, postIds),
      (p) => p.published === SECOND,
      due + 20_000 - Date.now(),
    );
    expect(outcome.published).toBe(SECOND);
    expect(outcome.duplicates).toBe(0);
    expect(outcome.last!.getTime() - due).toBeLessThan(15_000);
  });
});
