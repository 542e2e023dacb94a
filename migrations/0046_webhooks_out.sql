-- Webhooks out (issue 31): a workspace's endpoints (a read model of their events) and the deliveries
-- to them (rows written by the delivery job, not events), with each attempt.

create table webhook_endpoints (
  id               uuid primary key,
  workspace_id     uuid not null,
  url              text not null,
  events           text[] not null,
  description      text not null default '',
  -- The signing secret, encrypted with the server's token key (infra/platforms/crypto.ts).
  secret_encrypted text not null,
  enabled          boolean not null default true,
  disabled_reason  text,
  created_at       timestamptz not null,
  updated_at       timestamptz not null
);
create index webhook_endpoints_workspace on webhook_endpoints (workspace_id, created_at);

-- No foreign key to webhook_endpoints: a replay empties and refills that table.
create table webhook_deliveries (
  id              uuid primary key,
  workspace_id    uuid not null,
  endpoint_id     uuid not null,
  -- The `webhook-id` header: the same on every attempt, so a receiver keeps each message once.
  message_id      text not null unique,
  event_type      text not null,
  -- The event that caused it (its place in the log); null for a test event. Once per endpoint.
  source_position bigint,
  -- The exact body sent and signed on each attempt.
  body            text not null,
  -- pending (waiting for its next attempt), delivered, or failed (no attempt left, or the endpoint stopped).
  status          text not null default 'pending',
  attempts        int not null default 0,
  last_status     int,
  last_excerpt    text,
  last_error      text,
  last_attempt_at timestamptz,
  next_attempt_at timestamptz,
  delivered_at    timestamptz,
  created_at      timestamptz not null,
  unique (endpoint_id, source_position)
);
create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_at desc, id desc);

create table webhook_attempts (
  delivery_id  uuid not null references webhook_deliveries (id) on delete cascade,
  endpoint_id  uuid not null,
  attempt      int not null,
  attempted_at timestamptz not null,
  -- The receiver's HTTP status, null when none came (refused address, time-out, connection failed).
  status       int,
  ok           boolean not null,
  excerpt      text,
  error        text,
  duration_ms  int not null,
  primary key (delivery_id, attempt)
);
-- The endpoint's last success and its failures since: what disables it after 3 days.
create index webhook_attempts_endpoint on webhook_attempts (endpoint_id, attempted_at);
