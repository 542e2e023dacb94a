-- Approvals: what an approver asked to change, shown on the draft until it is submitted again
-- (the posts read model; status also takes 'awaiting_approval'). Filled by the projection from here on.
alter table posts add column review_comment text;
create index posts_awaiting_approval on posts (workspace_id, created_at) where status = 'awaiting_approval' and deleted_at is null;

-- Whether a workspace's members need approval before their posts are scheduled (the team's setting).
create table team_settings (
  workspace_id      uuid primary key,
  approval_required boolean not null default false
);
