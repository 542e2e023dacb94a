-- A conversation a person started from the inbox (New Message): its text is ours, sent as its first reply.
alter table inbox_messages add column outgoing boolean not null default false;

-- One platform's messages (the platform filter, alone or with a kind or status) without reading the others'.
create index inbox_messages_platform on inbox_messages (workspace_id, archived, platform, sent_at desc, id desc);
