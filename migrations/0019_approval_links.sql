-- Clients' approval links (/approve/{token}): the posts they show, until they expire or are withdrawn.
create table approval_links (
  id          uuid primary key,
  workspace_id uuid not null,
  post_ids    uuid[] not null,
  token_hash  text not null unique,
  created_by  uuid not null,
  created_at  timestamptz not null,
  expires_at  timestamptz not null
);
create index approval_links_workspace on approval_links (workspace_id, created_at desc);
