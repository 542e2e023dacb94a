-- Reviews' search (issue 12 budget: 50,000 reviews answer under 100 ms): a trigram index serves
-- "ilike '%word%'" over the reviewer and the text, so a search that matches nothing reads no table.
-- The tiles are counted from an index alone (responded_at is set and cleared with the response).
create extension if not exists pg_trgm;
create index reviews_search on reviews using gin (content gin_trgm_ops, reviewer_name gin_trgm_ops);
create index reviews_tiles on reviews (workspace_id, location_id, platform) include (account_id, rating, flagged, responded_at);
