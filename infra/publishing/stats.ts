import { Effect } from "effect";
import { instantAt, wallClockOf } from "../../domain/shared/zoned";
import { connectedAccountCounts } from "../accounts/queries";
import { Database } from "../db/Database";
import { publishedPosts } from "./publications";

export interface DashboardStats {
  readonly postsThisMonth: number;
  readonly postsLastMonth: number;
  readonly totalEngagement: number;
  readonly engagementLastMonth: number;
  readonly scheduledPosts: number;
  readonly connectedAccounts: number;
  /** When the next scheduled post goes out, null when none is. */
  readonly nextScheduledAt: string | null;
  /** Percent change against the previous month, null when there is nothing to compare with. */
  readonly changes: { readonly posts: number | null; readonly engagement: number | null };
}

const change = (now: number, before: number) => (before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10);

/**
 * The dashboard's four figures (spec core §7 GET /api/dashboard/stats) and their comparison with the
 * previous month. Posts this month are the posts published since the first of the month in the
 * user's zone (each publication of a repeating post counts): the same "published" the Analytics Overview counts, so the two agree (a count by
 * creation took drafts and scheduled posts in). Engagement of a post is the sum of likes, shares
 * and comments over its platforms.
 */
export const dashboardStats = Effect.fn("Dashboard.stats")(function* (workspaceId: string, now: Date, timeZone: string) {
  const db = yield* Database;
  const today = wallClockOf(now, timeZone);
  const thisMonth = instantAt({ year: today.year, month: today.month, day: 1, hours: 0, minutes: 0 }, timeZone);
  const lastMonth = instantAt({ year: today.year, month: today.month - 1, day: 1, hours: 0, minutes: 0 }, timeZone);
  const [row] = yield* db.query(
    (sql) => sql<{ posts_now: number; posts_before: number; engagement_now: number; engagement_before: number; scheduled: number; next_at: Date | null }[]>`
      with engagement as (
        select p.created_at,
               coalesce((select sum(coalesce((e.value->>'likes')::int, 0) + coalesce((e.value->>'shares')::int, 0) + coalesce((e.value->>'comments')::int, 0))
                         from jsonb_each(p.engagement) e), 0)::int as total
        from posts p where p.workspace_id = ${workspaceId} and p.deleted_at is null
      )
      select
        (select count(*)::int from ${publishedPosts(sql, workspaceId)} p where p.published_at >= ${thisMonth} and p.published_at <= ${now}) as posts_now,
        (select count(*)::int from ${publishedPosts(sql, workspaceId)} p where p.published_at >= ${lastMonth} and p.published_at < ${thisMonth}) as posts_before,
        (select coalesce(sum(total), 0)::int from engagement) as engagement_now,
        (select coalesce(sum(total), 0)::int from engagement where created_at < ${thisMonth}) as engagement_before,
        (select count(*)::int from posts where workspace_id = ${workspaceId} and status = 'scheduled' and deleted_at is null) as scheduled,
        (select min(scheduled_at) from posts where workspace_id = ${workspaceId} and status = 'scheduled' and deleted_at is null and scheduled_at >= ${now}) as next_at`,
  );
  return {
    postsThisMonth: row.posts_now,
    postsLastMonth: row.posts_before,
    totalEngagement: row.engagement_now,
    engagementLastMonth: row.engagement_before,
    scheduledPosts: row.scheduled,
    connectedAccounts: (yield* connectedAccountCounts([workspaceId])).get(workspaceId) ?? 0,
    nextScheduledAt: row.next_at?.toISOString() ?? null,
    changes: { posts: change(row.posts_now, row.posts_before), engagement: change(row.engagement_now, row.engagement_before) },
  } satisfies DashboardStats;
});
