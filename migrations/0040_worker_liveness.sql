-- Each worker process holds a session advisory lock (namespace 1397703492, its lock_key) on a
-- connection of its own. PostgreSQL frees the lock the moment that connection ends, so a live worker
-- tells a dead process (SIGKILL, crash, a restart of the database) from a slow one within seconds,
-- instead of waiting for graphile-worker's 4-hour lock timeout or a long heartbeat silence.
create sequence worker_lock_keys as integer cycle;
alter table worker_heartbeats add column lock_key integer;
