-- API keys (issue 31): the read model of their events, and when each was last used (not an event:
-- it changes on every request; kept out of the projection's table so a replay does not lose it).
create table api_keys (
  id uuid primary key,
  workspace_id uuid not null,
  name text not null,
  access text not null check (access in ('read', 'write')),
  require_approval boolean not null,
  key_hash text not null unique,
  last_four text not null,
  created_by uuid not null,
  created_at timestamptz not null,
  expires_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_workspace on api_keys (workspace_id, created_at desc);

create table api_key_uses (
  key_id uuid primary key,
  last_used_at timestamptz not null
);

-- The audit trail names what acted when it was not a person alone (an API key, a share link, a process).
alter table audit_log add column via text;
