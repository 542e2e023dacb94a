import { csvRow } from "../../domain/shared/csv";
import type { AnalyticsExport, ClientReport } from "./figures";
import { ESTIMATE_FACTORS } from "../../domain/publishing/estimates";
import { NO_MESSAGES, NO_REVIEWS, ratingLabel } from "../../domain/reports";

const minutes = (ms: number | null) => (ms === null ? "" : Math.round(ms / 60_000));

/**
 * The reviews and messages of the period under the days, after an empty line: a figure a row, waits in
 * minutes (a spreadsheet sums them); an empty period says so in its first row.
 */
const workRows = (report: ClientReport): string[] => {
  const { reviews, messages } = report;
  return [
    "",
    csvRow(["Figure", "Value"]),
    csvRow(["Reviews received", reviews.received === 0 ? NO_REVIEWS : reviews.received]),
    ...(reviews.received === 0
      ? []
      : [
          csvRow(["Average rating", ratingLabel(reviews.averageRating!)]),
          csvRow([
            `Average rating change from ${reviews.previousLabel}`,
            // A number, so a spreadsheet reads it (a text "+0.4" would be defused as a formula).
            reviews.change === null ? `No reviews in ${reviews.previousLabel}` : reviews.change,
          ]),
          csvRow(["Reviews responded", reviews.responded]),
          csvRow(["Median time to respond (minutes)", minutes(reviews.medianResponseMs)]),
        ]),
    csvRow(["Messages received", messages.received === 0 ? NO_MESSAGES : messages.received]),
    ...(messages.received === 0
      ? []
      : [csvRow(["Messages replied", messages.replied]), csvRow(["Median first-response time (minutes)", minutes(messages.medianFirstResponseMs)])]),
  ];
};

/**
 * A client's report as CSV: one row per day of the period (days without posts too, so it charts as
 * it is), then the totals, then the reviews and messages. Impressions, reach and clicks are the spec's estimates, and say so.
 */
export const reportCsv = (report: ClientReport): string => {
  const row = (label: string, posts: number, engagements: number) =>
    csvRow([
      label,
      posts,
      engagements,
      engagements * ESTIMATE_FACTORS.impressions,
      engagements * ESTIMATE_FACTORS.reach,
      engagements * ESTIMATE_FACTORS.clicks,
    ]);
  return (
    [
      csvRow(["Date", "Posts published", "Engagements", "Impressions (estimated)", "Reach (estimated)", "Clicks (estimated)"]),
      ...report.days.map((d) => row(d.day, d.posts, d.engagements)),
      row("Total", report.totals.posts, report.totals.engagements),
      ...workRows(report),
    ].join("\r\n") + "\r\n"
  );
};

/** "lee-dental-report-2026-10-01-to-2026-10-31.pdf" */
export const reportFileName = (report: ClientReport, extension: "csv" | "pdf") => {
  const slug =
    report.client.name
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "client";
  return `${slug}-report-${report.period.from}-to-${report.period.to}.${extension}`;
};

/**
 * The Analytics export as CSV: a header, then one row per platform and local day with a post there
 * (ISO dates; impressions and reach are the spec's estimates, and say so).
 */
export const analyticsCsv = (figures: AnalyticsExport): string =>
  [
    csvRow(["Date", "Platform", "Posts", "Impressions (estimated)", "Reach (estimated)", "Engagements"]),
    ...figures.rows.map((r) => csvRow([r.day, r.name, r.posts, r.impressions, r.reach, r.engagements])),
  ].join("\r\n") + "\r\n";

/** "socialdesk-analytics-30d-2026-11-26.csv": the period and the day it was made, in the person's time zone. */
export const analyticsFileName = (figures: AnalyticsExport, extension: "csv" | "pdf") =>
  `socialdesk-analytics-${figures.period.id}-${figures.period.to}.${extension}`;
