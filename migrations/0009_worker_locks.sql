-- The graphile-worker ids of each worker process, so a process that died (SIGKILL, crash) can have
-- its jobs unlocked by the next one at once instead of after graphile-worker's 4-hour lock timeout.
alter table worker_heartbeats add column graphile_worker_ids text[] not null default '{}';
