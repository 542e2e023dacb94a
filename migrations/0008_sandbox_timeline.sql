-- The sandbox "platform": what SocialDesk published to sandbox accounts (the in-app sandbox timeline).
-- Not a read model: like a real platform's timeline it is written by the publisher, never replayed.
create table sandbox_posts (
  id              uuid primary key,
  workspace_id    uuid not null,
  account_id      uuid not null,
  post_id         uuid not null,
  -- `<postId>:<accountId>:<occurrence>`: a retried publication finds its first post instead of writing a second.
  idempotency_key text not null unique,
  content         text not null,
  media           jsonb not null default '[]',  -- the post's media URLs or media-library ids
  options         jsonb not null default '{}',  -- the platform's options of the compose screen
  published_at    timestamptz not null
);
-- The timeline: a workspace's (or an account's) sandbox posts, newest first.
create index sandbox_posts_workspace on sandbox_posts (workspace_id, published_at desc);
create index sandbox_posts_account on sandbox_posts (account_id, published_at desc);
create index sandbox_posts_post on sandbox_posts (post_id);
