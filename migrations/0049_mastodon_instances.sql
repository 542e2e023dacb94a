-- Mastodon (issue 32): SocialDesk's app registration at each instance a person connected (POST
-- /api/v1/apps, once per instance and redirect URI), its client id and secret encrypted like tokens,
-- and the instance's limits read from /api/v2/instance at each connection.
create table mastodon_instances (
  origin text not null,
  redirect_uri text not null,
  client_id text not null,
  client_secret text not null,
  max_characters integer not null default 500,
  max_media integer not null default 4,
  registered_at timestamptz not null default now(),
  limits_read_at timestamptz,
  primary key (origin, redirect_uri)
);
