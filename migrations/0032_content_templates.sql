-- Content templates (issue 13): the read model of the content-template-{id} streams (rebuilt by
-- `npm run replay`). A private template is read by its author alone, a team template (is_public)
-- by the whole workspace: both lists are one index scan.
create table content_templates (
  id           uuid primary key,
  workspace_id uuid not null,
  author_id    uuid not null,
  name         text not null,
  content      text not null,
  platforms    text[] not null default '{}',
  hashtags     text[] not null default '{}',
  media_urls   text[] not null default '{}',
  is_public    boolean not null default false,
  usage_count  integer not null default 0,
  last_used_at timestamptz,
  version      integer not null,
  created_at   timestamptz not null,
  updated_at   timestamptz not null
);
create index content_templates_workspace on content_templates (workspace_id, updated_at desc);
