-- Agencies' clients: a logo, people who see every client, and the clients' analytics reports.
alter table workspaces add column logo_url text;
alter table team_members add column all_clients boolean not null default false;

-- A client's report e-mailed on a schedule (the reports module's ReportScheduleSet).
create table report_schedules (
  workspace_id uuid primary key,
  frequency    text not null,
  recipients   text[] not null,
  time_zone    text not null,
  set_at       timestamptz not null
);

-- Each report sent, once per client, frequency and period (ReportSent).
create table reports_sent (
  workspace_id uuid not null,
  frequency    text not null,
  period_start date not null,
  period_end   date not null,
  recipients   text[] not null,
  sent_at      timestamptz not null,
  primary key (workspace_id, frequency, period_start)
);

-- Mail with an HTML part, a sender's name (a white label) and attachments (reports).
alter table mail_outbox add column from_name text;
alter table mail_outbox add column body_html text;
alter table mail_outbox add column attachments jsonb not null default '[]';
