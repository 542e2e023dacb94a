/**
 * The Analytics screen's figures as pure functions: periods, the spec's estimates and the chart's
 * buckets. The sums themselves come from the database (infra/publishing/analytics.ts).
 */
import { addDays, localDate, monthStartOf } from "../../lib/dates";

export { formatCount } from "../dashboard/dashboard-data";

export const ANALYTICS_PERIODS = [
  { id: "7d", label: "Last 7 days", days: 7, bucket: "day" },
  { id: "30d", label: "Last 30 days", days: 30, bucket: "day" },
  { id: "90d", label: "Last 3 months", days: 90, bucket: "week" },
  { id: "365d", label: "Last year", days: 365, bucket: "month" },
] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_PERIOD = "30d";

/** The period of `?period=` (unknown values: the default, last 30 days). */
export const periodOf = (id: string | null | undefined): AnalyticsPeriod =>
  ANALYTICS_PERIODS.find((p) => p.id === id) ?? ANALYTICS_PERIODS.find((p) => p.id === DEFAULT_PERIOD)!;

export { ESTIMATE_FACTORS, type Estimates, estimates } from "../../../domain/publishing/estimates";

export interface Bucket {
  /** First local date of the bucket (YYYY-MM-DD). */
  readonly start: string;
  readonly label: string;
  readonly posts: number;
  readonly engagements: number;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const dayLabel = (ymd: string) => `${MONTHS[Number(ymd.slice(5, 7)) - 1]} ${Number(ymd.slice(8, 10))}`;

/** The posts published on one local day and their engagement. */
export interface DayTotal {
  readonly day: string;
  readonly posts: number;
  readonly engagements: number;
}

/** The first local days of the chart's buckets, oldest first, and today. */
const bucketStarts = (period: AnalyticsPeriod, now: Date, timeZone: string) => {
  const today = localDate(now, timeZone);
  if (period.bucket === "day") {
    const first = addDays(today, -(period.days - 1));
    return { today, starts: Array.from({ length: period.days }, (_, i) => addDays(first, i)) };
  }
  if (period.bucket === "week") {
    const weeks = Math.ceil(period.days / 7);
    return { today, starts: Array.from({ length: weeks }, (_, i) => addDays(today, -7 * (weeks - 1 - i) - 6)) };
  }
  return { today, starts: Array.from({ length: 12 }, (_, i) => monthStartOf(today, i - 11)) };
};

/** The local days the period covers: from its first bucket's first day to today. */
export const periodDays = (period: AnalyticsPeriod, now: Date, timeZone: string) => {
  const { today, starts } = bucketStarts(period, now, timeZone);
  return { first: starts[0]!, today };
};

/**
 * The chart's buckets over the period, in the user's time zone: days (7 and 30 days), weeks of 7
 * days ending today (3 months) or calendar months (a year), each with the posts published in it and
 * their engagement.
 */
export const buckets = (days: ReadonlyArray<DayTotal>, period: AnalyticsPeriod, now: Date, timeZone: string): Bucket[] => {
  const { today, starts } = bucketStarts(period, now, timeZone);
  const labelOf =
    period.bucket === "day"
      ? dayLabel
      : period.bucket === "week"
        ? (s: string) => `Week of ${dayLabel(s)}`
        : (s: string) => `${MONTHS[Number(s.slice(5, 7)) - 1]} ${s.slice(0, 4)}`;
  const totals = starts.map(() => ({ posts: 0, engagements: 0 }));
  for (const { day, posts, engagements } of days) {
    if (day > today) continue;
    const index = starts.findLastIndex((start) => day >= start);
    if (index < 0) continue;
    totals[index]!.posts += posts;
    totals[index]!.engagements += engagements;
  }
  return starts.map((start, i) => ({ start, label: labelOf(start), ...totals[i]! }));
};

export interface ChartGeometry {
  readonly width: number;
  readonly height: number;
  readonly max: number;
  readonly bars: ReadonlyArray<{ readonly x: number; readonly y: number; readonly width: number; readonly height: number; readonly bucket: Bucket }>;
  readonly ticks: ReadonlyArray<{ readonly y: number; readonly value: number }>;
  readonly labels: ReadonlyArray<{ readonly x: number; readonly text: string }>;
}

/** A bar chart of engagements per bucket, in SVG user units. */
export const chartGeometry = (data: ReadonlyArray<Bucket>, width = 720, height = 240): ChartGeometry => {
  const left = 40;
  const bottom = 24;
  const top = 8;
  const plotH = height - bottom - top;
  const raw = Math.max(1, ...data.map((b) => b.engagements));
  const step =
    raw <= 5
      ? 1
      : 10 ** Math.floor(Math.log10(raw)) / (raw / 10 ** Math.floor(Math.log10(raw)) <= 2 ? 4 : raw / 10 ** Math.floor(Math.log10(raw)) <= 5 ? 2 : 1);
  const max = Math.ceil(raw / step) * step;
  const slot = (width - left) / Math.max(1, data.length);
  const barW = Math.max(1, slot * 0.7);
  const bars = data.map((bucket, i) => {
    const h = (bucket.engagements / max) * plotH;
    return { x: left + i * slot + (slot - barW) / 2, y: top + plotH - h, width: barW, height: h, bucket };
  });
  const tickCount = Math.min(4, max / step);
  const ticks = Array.from({ length: tickCount + 1 }, (_, i) => {
    const value = Math.round((max / tickCount) * i);
    return { value, y: top + plotH - (value / max) * plotH };
  });
  const every = Math.max(1, Math.ceil(data.length / 8));
  const labels = data.flatMap((b, i) => (i % every === 0 ? [{ x: left + i * slot + slot / 2, text: b.label.replace(/^Week of /, "") }] : []));
  return { width, height, max, bars, ticks, labels };
};
