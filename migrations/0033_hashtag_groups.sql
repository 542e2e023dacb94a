-- Hashtag research (issue 13): the saved hashtag groups that compose's Hashtag menu inserts. The
-- research figures themselves are read from the posts' read model, not stored.
create table hashtag_groups (
  id           uuid primary key,
  workspace_id uuid not null,
  name         text not null,
  tags         text[] not null,
  created_at   timestamptz not null,
  updated_at   timestamptz not null
);
create index hashtag_groups_workspace on hashtag_groups (workspace_id, lower(name));
