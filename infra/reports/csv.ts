import { csvRow } from "../../domain/shared/csv";
import type { ClientReport } from "./figures";
import { ESTIMATE_FACTORS } from "../../domain/publishing/estimates";

/**
 * A client's report as CSV: one row per day of the period (days without posts too, so it charts as
 * it is), then the totals. Impressions, reach and clicks are the spec's estimates, and say so.
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
