-- Connected social and review-site accounts (a read model of the account streams).
create table social_accounts (
  id               uuid primary key,
  workspace_id     uuid not null,            -- no foreign key: each projection rebuilds on its own
  platform         text not null,
  kind             text not null,            -- oauth, bluesky, listing, sandbox
  external_id      text not null,            -- the platform's id of the account (did, page id, profile URL, ...)
  account_name     text not null,
  username         text,
  avatar_url       text,
  profile_url      text,
  followers        integer not null default 0,
  metadata         jsonb not null default '{}',
  is_active        boolean not null default true,
  status           text not null,            -- connected, reconnect_needed, sandbox, listing
  status_reason    text,
  token_expires_at timestamptz,
  connected_at     timestamptz not null,
  disconnected_at  timestamptz,
  updated_at       timestamptz not null
);
create index social_accounts_workspace on social_accounts (workspace_id) where disconnected_at is null;
-- One live connection per platform account and workspace; a reconnect reuses the row (and its history).
create unique index social_accounts_external on social_accounts (workspace_id, platform, external_id);

-- Tokens and app passwords, encrypted (AES-256-GCM). Security state, not history: never in events.
create table account_credentials (
  account_id  uuid primary key,
  workspace_id uuid not null,
  ciphertext  text not null,
  expires_at  timestamptz,
  updated_at  timestamptz not null default now()
);
create index account_credentials_expiry on account_credentials (expires_at) where expires_at is not null;
