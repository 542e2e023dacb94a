-- The audit trail screen: each line carries its kind of change (from its stream), and is read newest
-- first by workspace, by person or by kind, a page at a time (keyset on occurred_at, global_position).
alter table audit_log add column kind text not null default 'other';
drop index audit_log_workspace;
create index audit_log_workspace_time on audit_log (workspace_id, occurred_at desc, global_position desc);
create index audit_log_workspace_actor on audit_log (workspace_id, actor_id, occurred_at desc, global_position desc);
create index audit_log_workspace_kind on audit_log (workspace_id, kind, occurred_at desc, global_position desc);
-- The async projector refills it, kinds included, from the first event.
truncate audit_log;
delete from projection_checkpoints where name = 'audit-log';
