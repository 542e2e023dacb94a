-- Idempotency-Key of the declared API's POSTs (README: Security › Idempotency): per workspace and
-- key, the request's hash and, once its answer is known, that answer. A row without a status is a
-- request still running: the row is inserted first, so two requests with one key race on the
-- primary key and the loser waits for the winner's answer. Purged 24 hours after it was made.
create table idempotency_keys (
  workspace_id  uuid not null,
  key           text not null,
  -- SHA-256 of the method, path and body; null until a streamed (multipart) body has been read.
  request_hash  bytea,
  status        integer,
  headers       jsonb,
  body          bytea,
  created_at    timestamptz not null default now(),
  completed_at  timestamptz,
  primary key (workspace_id, key)
);
create index idempotency_keys_created_at on idempotency_keys (created_at);

-- Requests of each API key in its current window (README: Security › Rate limits): one row per key,
-- its window starting at the first request after the last one ended. Unlogged: a count needs no
-- write-ahead log (no fsync per request), and a crash of the server only forgets the current minute.
create unlogged table api_rate_limits (
  key_id        text primary key,
  window_start  timestamptz not null,
  count         integer not null
);
