-- Link in bio (issue 14): each workspace's public page and its links (the read model of the
-- `link-in-bio-{workspaceId}` streams), and the clicks on them.

create table bio_pages (
  workspace_id  uuid primary key,
  -- null until chosen; unique across workspaces: a second page choosing it fails its append (409).
  username      text unique,
  title         text not null,
  bio           text not null,
  profile_image text,
  theme         text not null,
  social_links  jsonb not null default '[]',
  is_published  boolean not null,
  created_at    timestamptz not null,
  updated_at    timestamptz not null
);

create table bio_links (
  id           uuid primary key,
  workspace_id uuid not null,
  title        text not null,
  url          text not null,
  type         text not null,
  is_visible   boolean not null,
  position     integer not null,
  created_at   timestamptz not null,
  updated_at   timestamptz not null,
  deleted_at   timestamptz
);
create index bio_links_workspace on bio_links (workspace_id, position) where deleted_at is null;

-- Clicks are counted, not decided: one row each, outside the event log (an event per visitor's click
-- would bury the audit trail). `visitor` is sha256(day's salt, workspace, address, browser): the
-- address is never stored, and once the day's salt is deleted nothing links a visitor across days.
create table bio_clicks (
  workspace_id uuid not null,
  link_id      uuid not null,
  clicked_at   timestamptz not null,
  visitor      bytea not null
);
create index bio_clicks_workspace on bio_clicks (workspace_id, clicked_at);
create index bio_clicks_link on bio_clicks (link_id);

-- One random salt per UTC day, deleted after the next day begins.
create table bio_visitor_salts (
  day  date primary key,
  salt bytea not null
);

-- The public pages are answered from memory (scripts/lib/bio-lane.ts): a change tells it which
-- username's page to forget ('*': every page, after a rebuild empties the tables).
create function bio_page_changed() returns trigger language plpgsql as $$
declare
  name text;
begin
  if tg_table_name = 'bio_pages' then
    if tg_op <> 'INSERT' and old.username is not null then perform pg_notify('bio_page_changed', old.username); end if;
    if tg_op <> 'DELETE' and new.username is not null then perform pg_notify('bio_page_changed', new.username); end if;
  else
    if tg_op = 'DELETE' then
      select username into name from bio_pages where workspace_id = old.workspace_id;
    else
      select username into name from bio_pages where workspace_id = new.workspace_id;
    end if;
    if name is not null then perform pg_notify('bio_page_changed', name); end if;
  end if;
  return null;
end $$;
create trigger bio_pages_changed after insert or update or delete on bio_pages for each row execute function bio_page_changed();
create trigger bio_links_changed after insert or update or delete on bio_links for each row execute function bio_page_changed();

create function bio_pages_emptied() returns trigger language plpgsql as $$
begin
  perform pg_notify('bio_page_changed', '*');
  return null;
end $$;
create trigger bio_pages_truncated after truncate on bio_pages for each statement execute function bio_pages_emptied();
create trigger bio_links_truncated after truncate on bio_links for each statement execute function bio_pages_emptied();
