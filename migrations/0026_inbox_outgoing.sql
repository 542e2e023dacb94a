-- A conversation a person started from the inbox (New Message): its text is ours, sent as its first reply.
alter table inbox_messages add column outgoing boolean not null default false;
