-- Reviews (issue 12): the reviews' read model (from their events), the Business Profile locations
-- and the review sites' summaries (as the platforms answered them, stored by the poll_reviews job),
-- and where each account's polling stopped.
create table reviews (
  id              uuid primary key,
  workspace_id    uuid not null,
  account_id      uuid not null,
  platform        text not null,
  location_id     text,
  external_id     text not null,
  reviewer_name   text not null,
  reviewer_avatar text,
  rating          smallint not null,
  content         text not null,
  reviewed_at     timestamptz not null,
  url             text,
  source          text not null,
  response_text   text,
  response_way    text,
  responded_at    timestamptz,
  flagged         boolean not null,
  flag_reason     text,
  read            boolean not null,
  received_at     timestamptz not null,
  updated_at      timestamptz not null,
  unique (account_id, external_id)
);
-- The list: newest first per workspace (keyset on reviewed_at, id), and the filters people use most.
create index reviews_workspace on reviews (workspace_id, reviewed_at desc, id desc);
create index reviews_workspace_platform on reviews (workspace_id, platform, reviewed_at desc, id desc);
create index reviews_workspace_location on reviews (workspace_id, location_id, reviewed_at desc, id desc);

create table business_locations (
  id             uuid primary key,
  workspace_id   uuid not null,
  account_id     uuid not null,
  external_id    text not null,
  name           text not null,
  address        text,
  is_verified    boolean not null,
  categories     text[] not null,
  maps_uri       text,
  average_rating numeric(2, 1),
  total_reviews  integer not null default 0,
  updated_at     timestamptz not null,
  unique (account_id, external_id)
);
create index business_locations_workspace on business_locations (workspace_id, name);

create table review_polls (
  account_id    uuid not null,
  location_id   text not null default '',
  newest        text,
  next_poll_at  timestamptz not null,
  polled_at     timestamptz,
  failures      integer not null default 0,
  last_error    text,
  primary key (account_id, location_id)
);

-- The sixth notification switch: an e-mail when a review of 3 stars or fewer arrives.
alter table notification_preferences add column review_alerts boolean not null default true;
