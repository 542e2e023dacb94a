-- Social listening: the monitors (a read model of their events) and the public Bluesky posts they
-- found (stored by the poll_listening job as the AppView answered them, once per monitor and post).
create table listening_monitors (
  id            uuid primary key,
  workspace_id  uuid not null,
  name          text not null,
  terms         text[] not null,
  active        boolean not null,
  created_at    timestamptz not null,
  updated_at    timestamptz not null
);
create index listening_monitors_workspace on listening_monitors (workspace_id, created_at);

create table listening_posts (
  id            uuid primary key,
  monitor_id    uuid not null,
  workspace_id  uuid not null,
  uri           text not null,
  cid           text not null,
  author_did    text not null,
  author_handle text not null,
  author_name   text not null,
  author_avatar text,
  text          text not null,
  reply_root    jsonb,
  sentiment     text not null,
  likes         integer not null,
  reposts       integer not null,
  replies       integer not null,
  posted_at     timestamptz not null,
  found_at      timestamptz not null,
  unique (monitor_id, uri)
);
create index listening_posts_monitor on listening_posts (monitor_id, posted_at desc, id desc);

-- Where each monitor's search stopped (the newest post's indexedAt), and its back-off after refusals.
create table listening_polls (
  monitor_id    uuid primary key,
  newest        timestamptz,
  next_poll_at  timestamptz not null,
  failures      integer not null default 0,
  last_error    text,
  polled_at     timestamptz not null
);
