-- The event store: every change is an event; read models are projections of them.
create table streams (
  stream_id   text primary key,
  version     integer not null,
  updated_at  timestamptz not null default now()
);

create table events (
  global_position bigserial primary key,
  stream_id       text not null,
  stream_version  integer not null,
  type            text not null,
  data            jsonb not null,
  metadata        jsonb not null,
  created_at      timestamptz not null default now(),
  -- The writing transaction, so async projections can read only what no running transaction can still precede.
  transaction_id  xid8 not null default pg_current_xact_id(),
  unique (stream_id, stream_version)
);
create index events_transaction_order on events (transaction_id, global_position);
create index events_workspace on events ((metadata->>'workspaceId'), global_position);

create table projection_checkpoints (
  name            text primary key,
  last_position   bigint not null default 0,
  last_transaction_id xid8 not null default '0'::xid8,
  updated_at      timestamptz not null default now()
);

create table worker_heartbeats (
  worker_id  text primary key,
  started_at timestamptz not null default now(),
  seen_at    timestamptz not null default now()
);
