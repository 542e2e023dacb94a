-- Read models of the identity module (rebuilt from events by `npm run replay`).
create table workspaces (
  id          uuid primary key,
  name        text not null,
  owner_id    uuid not null,
  is_demo     boolean not null default false,
  created_at  timestamptz not null
);

create table users (
  id                   uuid primary key,
  workspace_id         uuid not null references workspaces (id),
  email                text not null,
  username             text not null,
  password_hash        text,
  first_name           text not null,
  last_name            text not null,
  company              text not null,
  selected_plan        text not null,
  subscription_tier    text not null,
  subscription_status  text not null,
  trial_ends_at        timestamptz,
  is_trial_active      boolean not null,
  team_role            text not null,
  time_zone            text not null,
  is_operator          boolean not null default false,
  onboarded_at         timestamptz,
  created_at           timestamptz not null,
  updated_at           timestamptz not null
);
create unique index users_email_unique on users (lower(email));
create unique index users_username_unique on users (lower(username));
create index users_trial_end on users (trial_ends_at) where is_trial_active;

create table notification_preferences (
  user_id             uuid primary key references users (id),
  email_notifications boolean not null default true,
  push_notifications  boolean not null default false,
  weekly_reports      boolean not null default true,
  post_reminders      boolean not null default true,
  failure_alerts      boolean not null default true
);

-- Audit trail: an async projection of every event with an actor and a workspace.
create table audit_log (
  global_position bigint primary key,
  workspace_id    uuid,
  actor_id        uuid,
  stream_id       text not null,
  type            text not null,
  summary         text not null,
  occurred_at     timestamptz not null
);
create index audit_log_workspace on audit_log (workspace_id, global_position desc);

-- Security state, not domain history: sessions, failed sign-ins, reset tokens, outgoing mail.
-- No foreign keys to read models: a replay empties and refills those without signing anyone out.
create table sessions (
  id           text primary key,            -- SHA-256 of the token, hex
  user_id      uuid not null,
  created_at   timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  expires_at   timestamptz not null,
  user_agent   text,
  ip           text
);
create index sessions_user on sessions (user_id);
create index sessions_expiry on sessions (expires_at);

create table login_attempts (
  id           bigserial primary key,
  email        text not null,
  attempted_at timestamptz not null default now()
);
create index login_attempts_email on login_attempts (lower(email), attempted_at);

create table password_reset_tokens (
  id          text primary key,             -- SHA-256 of the token, hex
  user_id     uuid not null,
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null,
  used_at     timestamptz
);
create index password_reset_tokens_expiry on password_reset_tokens (expires_at);

create table mail_outbox (
  id          bigserial primary key,
  to_address  text not null,
  subject     text not null,
  body_text   text not null,
  created_at  timestamptz not null default now(),
  sent_at     timestamptz,
  last_error  text
);
