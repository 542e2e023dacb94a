import { randomUUID } from "node:crypto";
import { Logger } from "graphile-worker";
import { sqlClient } from "../../infra/db/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Liveness, startLiveness, WORKER_LOCK_NAMESPACE } from "../../infra/jobs/liveness";
import { createTestApp } from "../support/database";

/**
 * Which workers are alive (infra/jobs/liveness.ts), told by PostgreSQL: a worker whose connection
 * ended is dead within seconds and its jobs are released; a slow one that still holds its lock keeps
 * its jobs until it has been silent for a minute. Dead workers are written as rows here; the real
 * SIGKILLs are in crash-recovery.test.ts.
 */

let app: Awaited<ReturnType<typeof createTestApp>>;
let liveness: Liveness;
const quiet = new Logger(() => () => {});

beforeAll(async () => {
  app = await createTestApp();
  liveness = await startLiveness(app.url, { id: "test-live-worker", graphileIds: () => ["pool-test-live"], graphileLogger: quiet });
});
afterAll(async () => {
  await liveness?.stop();
  await app?.close();
});

/** A worker's row as its process left it, `silentSeconds` after its last beat. */
const workerRow = async (silentSeconds: number) => {
  const id = `test-worker-${randomUUID().slice(0, 8)}`;
  const [{ key }] = await app.sql<{ key: number }[]>`select nextval('worker_lock_keys')::int as key`;
  const graphileId = `pool-${randomUUID().slice(0, 12)}`;
  await app.sql`insert into worker_heartbeats (worker_id, started_at, seen_at, graphile_worker_ids, lock_key)
                values (${id}, now() - interval '1 hour', now() - make_interval(secs => ${silentSeconds}), ${[graphileId]}, ${key})`;
  return { id, key, graphileId };
};

/** A job locked by `graphileId` since `secondsAgo`. */
const lockedJob = async (graphileId: string, secondsAgo = 5) => {
  const key = `test:${randomUUID()}`;
  await app.sql`select graphile_worker.add_job('sweep_due_posts', '{}'::json, job_key => ${key})`;
  await app.sql`update graphile_worker._private_jobs set locked_by = ${graphileId}, locked_at = now() - make_interval(secs => ${secondsAgo}), attempts = 1
                where key = ${key}`;
  return key;
};

const jobOf = async (key: string) =>
  (await app.sql<{ locked_by: string | null; locked_at: Date | null }[]>`select locked_by, locked_at from graphile_worker._private_jobs where key = ${key}`)[0];
const rowOf = async (id: string) => (await app.sql`select worker_id from worker_heartbeats where worker_id = ${id}`)[0] ?? null;

/** Holds a worker's lock on a connection of its own, as its live process does. */
const holdLock = async (key: number) => {
  const connection = sqlClient(app.url, { max: 1, onnotice: () => {} });
  await connection`select pg_advisory_lock(${WORKER_LOCK_NAMESPACE}, ${key})`;
  return connection;
};

describe("finding dead workers", () => {
  it("given a worker whose connection ended and that has not beaten for 4 s, when a live worker looks, then its row goes and its job is unlocked", async () => {
    const dead = await workerRow(4);
    const job = await lockedJob(dead.graphileId);

    await liveness.reap();

    expect(await rowOf(dead.id)).toBeNull();
    expect(await jobOf(job)).toEqual({ locked_by: null, locked_at: null });
  });

  it("given a dead worker whose lock key a worker of another database on the same server holds, when a live worker looks, then it is still taken for dead", async () => {
    const dead = await workerRow(4);
    const job = await lockedJob(dead.graphileId);
    // Each database numbers its workers' keys from its own sequence: another app's worker holds the same key.
    const elsewhere = new URL(app.url);
    elsewhere.pathname = "/postgres";
    const other = sqlClient(elsewhere.href, { max: 1, onnotice: () => {} });
    await other`select pg_advisory_lock(${WORKER_LOCK_NAMESPACE}, ${dead.key})`;
    try {
      await liveness.reap();
    } finally {
      await other.end();
    }

    expect(await rowOf(dead.id)).toBeNull();
    expect(await jobOf(job)).toEqual({ locked_by: null, locked_at: null });
  });

  it("given a worker that still holds its lock but has not beaten for 30 s (a slow process), when a live worker looks, then it keeps its row and its job", async () => {
    const slow = await workerRow(30);
    const job = await lockedJob(slow.graphileId);
    const connection = await holdLock(slow.key);
    try {
      await liveness.reap();

      expect(await rowOf(slow.id)).not.toBeNull();
      expect((await jobOf(job))!.locked_by).toBe(slow.graphileId);
    } finally {
      await connection.end();
    }
  });

  it("given a worker that holds its lock but has been silent for over a minute, when a live worker looks, then it is taken for dead", async () => {
    const silent = await workerRow(61);
    const job = await lockedJob(silent.graphileId);
    const connection = await holdLock(silent.key);
    try {
      await liveness.reap();

      expect(await rowOf(silent.id)).toBeNull();
      expect((await jobOf(job))!.locked_by).toBeNull();
    } finally {
      await connection.end();
    }
  });

  it("given a worker that just beat (its lock free for a moment, e.g. reconnecting), when a live worker looks, then it is not dead yet", async () => {
    const reconnecting = await workerRow(0);
    const job = await lockedJob(reconnecting.graphileId);

    await liveness.reap();

    expect(await rowOf(reconnecting.id)).not.toBeNull();
    expect((await jobOf(job))!.locked_by).toBe(reconnecting.graphileId);
    await app.sql`delete from worker_heartbeats where worker_id = ${reconnecting.id}`;
  });

  it("given the live worker itself, then it beats every second through its own lock and is never reaped", async () => {
    const [row] = await app.sql<{ seen_at: Date; lock_key: number; graphile_worker_ids: string[] }[]>`
      select seen_at, lock_key, graphile_worker_ids from worker_heartbeats where worker_id = 'test-live-worker'`;
    expect(row!.graphile_worker_ids).toEqual(["pool-test-live"]);
    const [{ held }] = await app.sql<{ held: boolean }[]>`
      select exists (select 1 from pg_locks where locktype = 'advisory' and classid = ${WORKER_LOCK_NAMESPACE}::oid and objid = ${row!.lock_key}::oid and granted) as held`;
    expect(held).toBe(true);
    await liveness.beat();
    const [after] = await app.sql<{ seen_at: Date }[]>`select seen_at from worker_heartbeats where worker_id = 'test-live-worker'`;
    expect(after!.seen_at.getTime()).toBeGreaterThanOrEqual(row!.seen_at.getTime());
  });

  it("given its row was removed (another worker took it for dead), when it beats, then it registers again under its lock", async () => {
    await app.sql`delete from worker_heartbeats where worker_id = 'test-live-worker'`;

    await liveness.beat();

    expect(await rowOf("test-live-worker")).not.toBeNull();
  });
});

describe("orphaned jobs", () => {
  it("given a job locked for over a minute by an id no registered worker has (a process that died before saying its ids), when a live worker looks, then it is unlocked", async () => {
    const orphan = await lockedJob(`pool-${randomUUID().slice(0, 12)}`, 61);
    const recent = await lockedJob(`pool-${randomUUID().slice(0, 12)}`, 10);

    await liveness.reap();

    expect((await jobOf(orphan))!.locked_by).toBeNull();
    // Locked for 10 s only: perhaps a worker that has not beaten yet.
    expect((await jobOf(recent))!.locked_by).not.toBeNull();
  });
});
