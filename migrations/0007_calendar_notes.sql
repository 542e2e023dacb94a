-- Read model of the calendar notes (rebuilt from the calendar-note-{id} streams by `npm run replay`).
-- No foreign keys to other read models: each projection is emptied and refilled on its own.
create table calendar_notes (
  id           uuid primary key,
  workspace_id uuid not null,
  author_id    uuid not null,
  date         date not null,
  content      text not null,
  color        char(7) not null default '#FBBF24',
  version      integer not null,
  created_at   timestamptz not null,
  updated_at   timestamptz not null
);
-- The calendar reads a workspace's notes a month (or a week) at a time, by day then as written.
create index calendar_notes_workspace_date on calendar_notes (workspace_id, date, created_at);
