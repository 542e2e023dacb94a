-- Read model of the categories module (rebuilt from the category-{id} streams by `npm run replay`).
-- No foreign keys to other read models: each projection is emptied and refilled on its own.
create table categories (
  id           uuid primary key,
  workspace_id uuid not null,
  user_id      uuid not null,
  name         text not null,
  description  text not null default '',
  color        text not null default 'blue',
  is_default   boolean not null default false,
  platforms    text[] not null default '{}',
  version      integer not null,
  created_at   timestamptz not null,
  updated_at   timestamptz not null
);
-- One name per workspace (letter case aside), one default per workspace.
create unique index categories_workspace_name on categories (workspace_id, lower(name));
create unique index categories_workspace_default on categories (workspace_id) where is_default;
create index categories_workspace_created on categories (workspace_id, created_at);
