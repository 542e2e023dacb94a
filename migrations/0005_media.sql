-- Read model of the media module (rebuilt from events by `npm run replay`): one row per live media item.
create table media_items (
  id                uuid primary key,
  workspace_id      uuid not null,
  -- The MediaUploaded event's global position: newest first is position desc, and the keyset cursor.
  position          bigint not null,
  original_name     text not null,
  file_type         text not null,
  kind              text not null check (kind in ('image', 'video')),
  file_size         bigint not null,
  width             integer,
  height            integer,
  duration_seconds  real,
  storage_key       text not null,
  thumbnail_key     text,
  tags              text[] not null default '{}',
  -- The name and the tags, one per line: what `q` matches (one ILIKE over a column, no unnest per row).
  search_text       text not null,
  uploaded_by       uuid,
  uploaded_at       timestamptz not null,
  version           integer not null
);
-- Every query is by workspace, newest first; the type filter has its own index so deep pages stay index scans.
create index media_items_workspace_position on media_items (workspace_id, position desc);
create index media_items_workspace_kind_position on media_items (workspace_id, kind, position desc);
