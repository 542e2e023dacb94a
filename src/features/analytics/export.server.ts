import { Effect } from "effect";
import { estimates } from "../../../domain/publishing/estimates";
import { analyticsPlatformDays } from "../../../infra/publishing/analytics";
import { PRODUCT_BRAND } from "../../../infra/mail/branded";
import type { ReportFile } from "../../../infra/reports/ClientReports";
import { analyticsCsv, analyticsFileName } from "../../../infra/reports/csv";
import { type AnalyticsExport, platformName } from "../../../infra/reports/figures";
import { analyticsPdf } from "../../../infra/reports/pdf";
import { periodDays, periodOf } from "./analytics-data";
import { analyticsReport } from "./report.server";

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
