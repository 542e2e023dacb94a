-- Live chat with the operators (issue 33): each workspace's support conversation and its messages
-- (a read model of the `support-{workspaceId}` streams). `seq` is a message's stream version; each
-- side's read position is the version it has read up to, so unread counts are counted, not kept.
create table support_conversations (
  id                 uuid primary key,
  workspace_id       uuid not null unique,
  started_at         timestamptz not null,
  last_message_at    timestamptz not null,
  last_customer_seq  integer not null,
  last_operator_seq  integer not null,
  customer_read_seq  integer not null,
  operator_read_seq  integer not null
);

create table support_messages (
  id               uuid primary key,
  conversation_id  uuid not null,
  seq              integer not null,
  side             text not null,
  author_id        uuid not null,
  content          text not null,
  attachments      jsonb not null,
  sent_at          timestamptz not null
);
create index support_messages_thread on support_messages (conversation_id, seq);

-- Open support panels and the operators' console hear each new message at once, in whichever process
-- serves them (as the inbox hears its arrivals).
create function support_message_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('support_message', json_build_object('conversationId', new.conversation_id, 'id', new.id, 'side', new.side)::text);
  return new;
end $$;
create trigger support_message_inserted after insert on support_messages for each row execute function support_message_notify();

-- The support e-mail form answers to the person who wrote it.
alter table mail_outbox add column reply_to text;
