-- AI help (issue 15): each workspace's AI use per calendar month (UTC), the read model of the
-- `ai-usage-{workspaceId}-{YYYY-MM}` streams. `kind` is 'text' or 'images'; `used` the count so far.
create table ai_usage (
  workspace_id uuid not null,
  month        text not null,
  kind         text not null,
  used         integer not null,
  updated_at   timestamptz not null,
  primary key (workspace_id, month, kind)
);
