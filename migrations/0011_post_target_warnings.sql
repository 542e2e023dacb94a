-- A target can be published and still have had something go wrong after (a refused first comment,
-- a thread cut short): shown on the post, never retried.
alter table post_targets add column warning text;
