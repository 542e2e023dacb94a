import { makeWorkerUtils, type Logger, type WorkerUtils } from "graphile-worker";
import postgres from "postgres";
import { sqlClient } from "../db/client";
import { logger } from "../log";

/**
 * Which worker processes are alive, told by PostgreSQL itself. Each worker holds a session advisory
 * lock on a connection of its own and beats through it every second. When a process dies (SIGKILL,
 * a crash, its machine or the database restarting) its connection ends and PostgreSQL frees the lock
 * at once; any live worker then finds it dead within seconds and unlocks its jobs, which run again
 * (publishing is safe to repeat: each target's attempt is recorded before the platform is called).
 *
 * A slow process is not dead: while it holds its lock its jobs stay its own, however late its beats
 * (an event loop blocked by a burst). Only a worker silent for a whole minute is taken for dead with
 * its lock still held (a machine cut off where TCP keepalives did not end its connection).
 */

/** The first key of every worker's advisory lock ("SOCD"); the second is its `lock_key`. */
export const WORKER_LOCK_NAMESPACE = 1_397_703_492;

const BEAT_MS = 1_000;
/** A worker whose lock is free and that has not beaten for this long is dead (a beat or two of slack). */
export const SILENT_SECONDS = 3;
/** A worker silent this long is dead even if its lock is held. */
export const DEAD_AFTER_SECONDS = 60;
/** A job locked this long by an id no registered worker has (a process that died before saying its ids) is unlocked. */
const ORPHAN_AFTER_SECONDS = 60;
const ORPHAN_CHECK_EVERY_BEATS = 15;

/**
 * SQL that holds when the worker row `w` still holds its lock, i.e. its process is connected. In
 * this database only: pg_locks lists the whole server's locks, and another database's workers (the
 * keys come from each database's own sequence) hold the same keys, which made a dead worker look
 * alive while they ran.
 */
const holdsLock = (sql: postgres.Sql) => sql`exists (
  select 1 from pg_locks l
  where l.locktype = 'advisory' and l.database = (select oid from pg_database where datname = current_database())
    and l.classid = ${WORKER_LOCK_NAMESPACE}::oid and l.objid = w.lock_key::oid and l.objsubid = 2 and l.granted)`;

export interface Liveness {
  /** Beats now (the graphile ids just created are recorded at once). */
  readonly beat: () => Promise<void>;
  /** Finds dead workers now and unlocks their jobs (and the orphaned ones'); answers how many workers it found dead. */
  readonly reap: () => Promise<number>;
  readonly stop: () => Promise<void>;
}

/**
 * Registers the worker `id` as alive and keeps it so until `stop`; meanwhile finds the dead ones.
 * `graphileIds` answers the ids graphile-worker locks this worker's jobs with, read at every beat.
 */
export const startLiveness = async (
  url: string,
  options: { readonly id: string; readonly graphileIds: () => ReadonlyArray<string>; readonly graphileLogger: Logger },
): Promise<Liveness> => {
  const { id } = options;
  // One connection, never recycled while the worker lives: the lock is held by its session. Keepalives
  // let the server end it (and free the lock) within about 25 s when this machine vanishes.
  const live = sqlClient(url, {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    onnotice: () => {},
    connection: {
      application_name: `socialdesk worker ${id}`.slice(0, 63),
      tcp_keepalives_idle: 10,
      tcp_keepalives_interval: 5,
      tcp_keepalives_count: 3,
    } as Record<string, string | number>,
  });
  const [{ key }] = await live<{ key: number }[]>`select nextval('worker_lock_keys')::int as key`;

  /** Takes the lock (again, after a reconnection) and says so in the worker's row. */
  const register = async () => {
    await live`select pg_advisory_lock(${WORKER_LOCK_NAMESPACE}, ${key})`;
    const ids = [...options.graphileIds()];
    const [row] = await live<{ inserted: boolean }[]>`
      insert into worker_heartbeats (worker_id, started_at, seen_at, graphile_worker_ids, lock_key)
      values (${id}, now(), now(), ${ids}, ${key})
      on conflict (worker_id) do update set seen_at = now(), graphile_worker_ids = excluded.graphile_worker_ids, lock_key = excluded.lock_key
      returning (xmax = 0) as inserted`;
    return row.inserted;
  };
  await register();

  const beat = async () => {
    const ids = [...options.graphileIds()];
    const beaten = await live`
      update worker_heartbeats w set seen_at = now(), graphile_worker_ids = ${ids}
      where w.worker_id = ${id} and exists (
        select 1 from pg_locks l
        where l.locktype = 'advisory' and l.pid = pg_backend_pid() and l.classid = ${WORKER_LOCK_NAMESPACE}::oid
          and l.objid = ${key}::oid and l.objsubid = 2 and l.granted)
      returning 1`;
    if (beaten.length > 0) return;
    // Our connection was replaced (the lock went with the old one) or another worker took us for dead.
    if (await register()) logger.warn({ worker: id }, "This worker was taken for dead by another one and registered again; its jobs were unlocked meanwhile");
  };

  let utils: WorkerUtils | null = null;
  const unlock = async (graphileIds: ReadonlyArray<string>) => {
    if (graphileIds.length === 0) return;
    utils ??= await makeWorkerUtils({ connectionString: url, logger: options.graphileLogger });
    await utils.forceUnlockWorkers([...graphileIds]);
  };

  const reap = async ({ orphans = true }: { readonly orphans?: boolean } = {}) => {
    const dead = await live<{ worker_id: string; graphile_worker_ids: string[] }[]>`
      delete from worker_heartbeats w
      where w.worker_id <> ${id}
        and ((w.seen_at < now() - make_interval(secs => ${SILENT_SECONDS}) and not ${holdsLock(live)})
          or w.seen_at < now() - make_interval(secs => ${DEAD_AFTER_SECONDS}))
      returning w.worker_id, w.graphile_worker_ids`;
    const ids = dead.flatMap((d) => d.graphile_worker_ids);
    if (orphans) {
      const orphaned = await live<{ locked_by: string }[]>`
        select distinct j.locked_by from graphile_worker._private_jobs j
        where j.locked_by is not null and j.locked_at < now() - make_interval(secs => ${ORPHAN_AFTER_SECONDS})
          and not exists (select 1 from worker_heartbeats w where j.locked_by = any(w.graphile_worker_ids))`;
      ids.push(...orphaned.map((o) => o.locked_by));
    }
    await unlock(ids);
    if (dead.length > 0) logger.warn({ workers: dead.map((d) => d.worker_id) }, "Found stopped workers and released their jobs");
    return dead.length;
  };

  let running = false;
  let beats = 0;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    beat()
      .then(() => reap({ orphans: ++beats % ORPHAN_CHECK_EVERY_BEATS === 0 }))
      .catch((error: unknown) => logger.warn({ err: error, worker: id }, "Worker heartbeat failed"))
      .finally(() => (running = false));
  }, BEAT_MS);

  return {
    beat,
    reap: () => reap(),
    stop: async () => {
      clearInterval(timer);
      await live`delete from worker_heartbeats where worker_id = ${id}`.catch(() => undefined);
      await live.end({ timeout: 5 }).catch(() => undefined);
      await Promise.resolve(utils?.release()).catch(() => undefined);
    },
  };
};

/** Whether a worker is alive now, in SQL over `worker_heartbeats w`: what /api/health counts. */
export const liveWorkerCondition = holdsLock;
