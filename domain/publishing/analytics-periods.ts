/**
 * The Analytics screen's periods and the chart's buckets (spec core §9), read by the screen and by
 * the API's analytics and its export alike.
 */
import { addDays, monthStartOf } from "../shared/calendar-days";
import { localDayOf } from "../shared/zoned";

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
  const today = localDayOf(now, timeZone);
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
