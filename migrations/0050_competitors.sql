-- Competitor tracking: the competitors a workspace follows (a read model of their events) and their
-- daily figures (stored by the snapshot_competitors job as the platform answered them, one per day).
create table competitors (
  id            uuid primary key,
  workspace_id  uuid not null,
  platform      text not null,
  handle        text not null,
  external_id   text not null,
  name          text not null,
  avatar        text,
  url           text not null,
  created_at    timestamptz not null
);
create index competitors_workspace on competitors (workspace_id, created_at);

create table competitor_snapshots (
  competitor_id   uuid not null,
  workspace_id    uuid not null,
  day             date not null,
  followers       integer not null,
  posts           integer not null,
  -- From the newest posts of the author feed: how many fell in the last 7 days, and their engagement.
  posts_last_week integer not null,
  engagement_avg  double precision not null,
  top_posts       jsonb not null,
  taken_at        timestamptz not null,
  primary key (competitor_id, day)
);
