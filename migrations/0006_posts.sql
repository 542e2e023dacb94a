-- Read model of the publishing module (rebuilt from the post-{id} streams by `npm run replay`): posts and
-- their target accounts with each one's result. No foreign keys to other read models.
create table posts (
  id            uuid primary key,
  workspace_id  uuid not null,
  author_id     uuid not null,
  content       text not null,
  media         jsonb not null default '[]',     -- media URLs or media ids
  platforms     text[] not null,
  status        text not null,                   -- draft, scheduled, publishing, published
  post_type     text not null default 'standard', -- standard, offer, event, product, announcement
  business_data jsonb not null default '{}',
  location_ids  text[] not null default '{}',
  category_id   uuid,
  options       jsonb not null default '{}',     -- per-platform options of the compose screen
  scheduled_at  timestamptz,
  published_at  timestamptz,
  time_zone     text not null,
  recurrence    jsonb,                           -- the rule, null when not recurring
  occurrence    integer not null default 1,      -- the current (or next) publication's number
  last_error    text,                            -- why the last publication failed (shown on the draft)
  engagement    jsonb not null default '{}',     -- per platform: likes, shares, comments (filled later)
  created_at    timestamptz not null,
  updated_at    timestamptz not null,
  deleted_at    timestamptz
);
-- The calendar and the dashboard: a workspace's posts by time.
create index posts_calendar on posts (workspace_id, scheduled_at) where deleted_at is null;
create index posts_published on posts (workspace_id, published_at) where deleted_at is null and published_at is not null;
-- The queue tabs: a workspace's posts by status, newest first.
create index posts_queue on posts (workspace_id, status, created_at desc) where deleted_at is null;
-- The scheduler's sweep: scheduled posts whose time has come.
create index posts_due on posts (scheduled_at) where status = 'scheduled' and deleted_at is null;

create table post_targets (
  post_id          uuid not null references posts (id),
  account_id       uuid not null,
  platform         text not null,
  status           text not null,              -- pending, attempted, published, failed
  attempts         integer not null default 0, -- attempts in the current publication
  platform_post_id text,
  url              text,
  error            text,
  attempted_at     timestamptz,
  published_at     timestamptz,
  primary key (post_id, account_id)
);
-- A post's targets come by the primary key; an account's posts (queue filter, engagement fetches):
create index post_targets_account on post_targets (account_id, status);
