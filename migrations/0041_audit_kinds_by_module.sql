-- The audit trail's kinds of change are each module's (its `auditKinds`), by event type instead of by
-- stream: reviews, content templates, RSS feeds, hashtag groups, listening monitors, AI use and help
-- votes get kinds of their own instead of "other". The async projector refills it from the first event.
truncate audit_log;
delete from projection_checkpoints where name = 'audit-log';
