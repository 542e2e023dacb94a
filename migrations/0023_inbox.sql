-- The social inbox: messages from the platforms (once per account and platform id), replies and quick reply templates.
create table inbox_messages (
  id                 uuid primary key,
  workspace_id       uuid not null,
  account_id         uuid not null,
  platform           text not null,
  type               text not null,            -- dm, comment, mention
  external_id        text not null,
  thread_id          text,
  parent_external_id text,
  post_id            uuid,
  post_title         text,
  from_name          text not null,
  from_username      text not null,
  from_avatar        text,
  from_verified      boolean not null,
  from_followers     integer,
  content            text not null,
  sent_at            timestamptz not null,
  received_at        timestamptz not null,
  url                text,
  likes              integer not null,
  sentiment          text not null,
  priority           text not null,
  status             text not null,            -- unread, read, replied
  archived           boolean not null,
  assignee_id        uuid,
  unique (account_id, external_id)
);
-- The list, newest first, a page at a time: by workspace, and by its usual filters.
create index inbox_messages_list on inbox_messages (workspace_id, archived, sent_at desc, id desc);
create index inbox_messages_type on inbox_messages (workspace_id, archived, type, sent_at desc, id desc);
create index inbox_messages_status on inbox_messages (workspace_id, archived, status, sent_at desc, id desc);
create index inbox_messages_thread on inbox_messages (account_id, thread_id, sent_at);

create table inbox_replies (
  id           uuid primary key,
  message_id   uuid not null,
  workspace_id uuid not null,
  content      text not null,
  is_public    boolean not null,
  author_id    uuid,
  status       text not null,                  -- sending, sent, failed
  reason       text,
  external_id  text,
  url          text,
  created_at   timestamptz not null,
  sent_at      timestamptz
);
create index inbox_replies_message on inbox_replies (message_id, created_at);

create table reply_templates (
  id           uuid primary key,
  workspace_id uuid not null,
  title        text not null,
  content      text not null,
  category     text not null,
  created_at   timestamptz not null,
  updated_at   timestamptz not null
);
create index reply_templates_workspace on reply_templates (workspace_id, category, title);
-- What a reply needs of the platform's references (Bluesky: cid, root uri and cid).
alter table inbox_messages add column reference jsonb not null default '{}';

-- Where each event stream the inbox follows was left (Bluesky's firehose: the last sequence number).
create table inbox_cursors (
  source     text primary key,
  cursor     bigint not null,
  updated_at timestamptz not null
);

-- A new message is announced to the web servers (GET /api/social-inbox/events), which tell the open inboxes.
create function inbox_message_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('inbox_message', json_build_object('workspaceId', new.workspace_id, 'id', new.id, 'type', new.type)::text);
  return new;
end $$;
create trigger inbox_message_inserted after insert on inbox_messages for each row execute function inbox_message_notify();
