-- Read models of the team (rebuilt from the team-{workspaceId} streams by `npm run replay`).
-- The workspace's people other than its owner (workspaces.owner_id), with their role.
create table team_members (
  workspace_id uuid not null,
  user_id      uuid not null,
  email        text not null,
  role         text not null,
  joined_at    timestamptz not null,
  primary key (workspace_id, user_id)
);
create index team_members_user on team_members (user_id);

-- Invitations not withdrawn: open ones (an expired one stays until it is resent or withdrawn) and used ones.
create table team_invites (
  id           uuid primary key,
  workspace_id uuid not null,
  email        text not null,
  role         text not null,
  token_hash   text not null unique,
  invited_by   uuid not null,
  created_at   timestamptz not null,
  expires_at   timestamptz not null,
  accepted_at  timestamptz
);
create index team_invites_workspace on team_invites (workspace_id, created_at);
