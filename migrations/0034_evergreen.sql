-- Evergreen recycling (issue 13): a category's evergreen settings and when its next post is due
-- (from its Category*Evergreen* and CategoryPostRecycled events), and how often each post was re-queued
-- (from PostRecycled).
alter table categories
  add column evergreen              boolean not null default false,
  add column evergreen_every_days   integer,
  add column evergreen_min_gap_days integer,
  add column evergreen_max_repeats  integer,
  add column evergreen_next_at      timestamptz,
  add column evergreen_last_at      timestamptz;
-- The recycle_evergreen job's question every minute: which evergreen categories are due.
create index categories_evergreen_due on categories (evergreen_next_at) where evergreen;

alter table posts add column evergreen_repeats integer not null default 0;
-- A category's published posts, the one that waited longest first.
create index posts_category_published on posts (category_id, published_at) where status = 'published' and deleted_at is null;
