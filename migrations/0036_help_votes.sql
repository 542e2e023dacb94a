-- Help centre (issue 14): each person's answer to "Was this article helpful?". The articles are
-- Markdown files of the repository (content/help), so only the votes are stored.
create table help_votes (
  article_id text not null,
  user_id    uuid not null,
  helpful    boolean not null,
  voted_at   timestamptz not null,
  primary key (article_id, user_id)
);
