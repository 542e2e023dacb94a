import { Effect } from "effect";
import { analyticsSums } from "../../../infra/publishing/analytics";
import { buckets, estimates, periodDays, periodOf } from "./analytics-data";

/**
 * What the Analytics screen (and GET /api/analytics) shows for `?period=` in the user's time zone:
 * the chart's buckets, the totals with the spec's estimates, the platforms and the top posts.
 */
export const analyticsReport = (workspaceId: string, periodId: string | null, timeZone: string, now: Date) => {
  const period = periodOf(periodId);
  return Effect.map(analyticsSums(workspaceId, { first: periodDays(period, now, timeZone).first, timeZone, now }), (sums) => {
    const series = buckets(sums.days, period, now, timeZone);
    return {
      period,
      totals: { posts: series.reduce((n, b) => n + b.posts, 0), ...estimates(series.reduce((n, b) => n + b.engagements, 0)) },
      buckets: series,
      platforms: sums.platforms,
      topPosts: sums.top,
    };
  });
};
