-- RSS auto-posting (issue 13): the feeds' read model, the items read from them, and when each is read next.

create table rss_feeds (
  id               uuid primary key,
  workspace_id     uuid not null,
  name             text not null,
  url              text not null,
  platforms        text[] not null default '{}',
  account_ids      text[] not null default '{}',
  post_template    text not null,
  posting_schedule text not null,
  delivery         text not null,
  is_active        boolean not null,
  created_by       text,
  created_at       timestamptz not null,
  updated_at       timestamptz not null,
  deleted_at       timestamptz
);
create index rss_feeds_workspace on rss_feeds (workspace_id, created_at) where deleted_at is null;

-- One row per item a feed ever gave (its key: guid, else link, else a hash of its content).
create table rss_items (
  feed_id      uuid not null,
  key          text not null,
  workspace_id uuid not null,
  title        text not null,
  link         text,
  description  text not null,
  published_at timestamptz,
  found_at     timestamptz not null,
  -- waiting (for its turn), posted, or passed_over (older items on a first read, or left behind on a daily or weekly feed)
  status       text not null,
  post_id      uuid,
  posted_at    timestamptz,
  primary key (feed_id, key)
);
create index rss_items_waiting on rss_items (feed_id, found_at) where status = 'waiting';

-- When a feed is read next, and what the last read said (see infra/jobs/poll-schedule.ts).
create table rss_feed_polls (
  feed_id       uuid primary key,
  etag          text,
  last_modified text,
  next_poll_at  timestamptz not null,
  polled_at     timestamptz,
  failures      integer not null default 0,
  last_error    text
);
