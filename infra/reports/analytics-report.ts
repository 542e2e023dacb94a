import { Effect } from "effect";
import { PRODUCT_BRAND } from "../mail/branded";
import type { ReportFile } from "./ClientReports";
import { analyticsCsv, analyticsFileName } from "./csv";
import { type AnalyticsExport, platformName } from "./figures";
import { analyticsPdf } from "./pdf";
import { buckets, periodDays, periodOf } from "../../domain/publishing/analytics-periods";
import { estimates } from "../../domain/publishing/estimates";
import { analyticsPlatformDays, analyticsSums } from "../publishing/analytics";

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

const CHART_TITLES = { day: "Engagements per day", week: "Engagements per week", month: "Engagements per month" } as const;

/**
 * The Analytics screen's figures for `?period=` as the export shows them: the screen's own totals and
 * chart (the same report), and its platform figures split by local day.
 */
export const analyticsExport = (workspaceId: string, periodId: string, timeZone: string, now: Date) =>
  Effect.gen(function* () {
    const period = periodOf(periodId);
    const { first, today } = periodDays(period, now, timeZone);
    const [report, platformDays] = yield* Effect.all(
      [analyticsReport(workspaceId, period.id, timeZone, now), analyticsPlatformDays(workspaceId, { first, timeZone, now })],
      { concurrency: "unbounded" },
    );
    return {
      period: { id: period.id, label: period.label, from: first, to: today },
      timeZone,
      generatedAt: now.toISOString(),
      totals: report.totals,
      chart: { title: CHART_TITLES[period.bucket], bars: report.buckets.map((b) => ({ label: b.label, value: b.engagements })) },
      rows: platformDays.map((r) => {
        const { impressions, reach } = estimates(r.engagements);
        return { day: r.day, platform: r.platform, name: platformName(r.platform), posts: r.posts, engagements: r.engagements, impressions, reach };
      }),
    } satisfies AnalyticsExport;
  });

/** The export as a file to download: CSV (UTF-8) or PDF. */
export const analyticsExportFile = (workspaceId: string, periodId: string, format: "csv" | "pdf", timeZone: string, now: Date) =>
  Effect.flatMap(
    analyticsExport(workspaceId, periodId, timeZone, now),
    (figures): Effect.Effect<ReportFile> =>
      format === "csv"
        ? Effect.succeed({ filename: analyticsFileName(figures, "csv"), contentType: "text/csv; charset=utf-8", body: analyticsCsv(figures) })
        : Effect.map(Effect.promise(() => analyticsPdf(figures, PRODUCT_BRAND)), (body) => ({
            filename: analyticsFileName(figures, "pdf"),
            contentType: "application/pdf",
            body,
          })),
  );
