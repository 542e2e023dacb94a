-- Platform apps an operator saves in the console (/admin/platforms, issue 32): the read model of the
-- `platform-app-{platform}` streams, the secrets encrypted with the token key. Each change is
-- announced on `platform_app_changed`, so every web server and worker reloads its copy at once.
create table platform_apps (
  platform text primary key,
  client_id text not null,
  secret_encrypted text not null,
  extras jsonb not null default '{}',
  updated_at timestamptz not null,
  updated_by uuid
);

create function platform_app_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then perform pg_notify('platform_app_changed', old.platform);
  else perform pg_notify('platform_app_changed', new.platform); end if;
  return null;
end $$;

create function platform_apps_emptied() returns trigger language plpgsql as $$
begin
  perform pg_notify('platform_app_changed', '*');
  return null;
end $$;

create trigger platform_apps_changed after insert or update or delete on platform_apps for each row execute function platform_app_changed();
create trigger platform_apps_truncated after truncate on platform_apps for each statement execute function platform_apps_emptied();
