-- The workspace is the subscriber: its plan, subscription status and trial move from the owner's
-- user row to the workspace row (teams, client workspaces and billing need them there). The events
-- are not rewritten: the identity projection reads the old ones, upcast with their workspace.
alter table workspaces
  add column subscription_tier   text not null default 'trial',
  add column subscription_status text not null default 'trial',
  add column trial_ends_at       timestamptz,
  add column is_trial_active     boolean not null default false;

update workspaces w
set subscription_tier = u.subscription_tier, subscription_status = u.subscription_status,
    trial_ends_at = u.trial_ends_at, is_trial_active = u.is_trial_active
from users u where u.id = w.owner_id;

drop index users_trial_end;
alter table users drop column subscription_tier, drop column subscription_status, drop column trial_ends_at, drop column is_trial_active;
create index workspaces_trial_end on workspaces (trial_ends_at) where is_trial_active;

-- The user row no longer changes with the subscription: its updated_at is that of its own last
-- change, as a replay of the events computes it.
update users u set updated_at = coalesce(
  (select max(e.created_at) from events e
   where e.stream_id = 'user-' || u.id
     and e.type in ('UserRegistered', 'ProfileUpdated', 'PasswordChanged', 'OperatorGranted', 'OnboardingCompleted')),
  u.created_at);
