-- Agencies' client workspaces: each has the agency's workspace as its parent, whose plan it works on.
alter table workspaces add column parent_workspace_id uuid;
create index workspaces_parent on workspaces (parent_workspace_id) where parent_workspace_id is not null;
