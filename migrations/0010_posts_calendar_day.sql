-- The calendar and GET /api/posts?from&to place a post at scheduledAt, else publishedAt, else
-- createdAt (spec core §4); this index answers a month of thousands of posts without a scan.
create index posts_calendar_day on posts (workspace_id, (coalesce(scheduled_at, published_at, created_at))) where deleted_at is null;
