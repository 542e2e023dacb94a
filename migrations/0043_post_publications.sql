-- Every publication of a post (PostPublished). A repeating post, or one an evergreen category
-- re-queues, goes out again and its row in posts becomes "scheduled": its earlier publications are
-- read here, so each counts as a published post (the Published tab, the dashboard, analytics).
create table post_publications (
  post_id      uuid not null,
  occurrence   integer not null,
  workspace_id uuid not null,
  published_at timestamptz not null,
  primary key (post_id, occurrence)
);
create index post_publications_workspace on post_publications (workspace_id, published_at);
