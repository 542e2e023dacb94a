/**
 * The Analytics screen's figures as pure functions: periods, the spec's estimates (core §9:
 * impressions = 50, clicks = 3, reach = 30 × engagements; engagement rate = engagements /
 * impressions as a percent with 1 decimal), the chart's buckets, platforms and top posts.
 */
import type { AnalyticsPost } from "../../../infra/publishing/analytics";
import { engagementTotal, localDate } from "../dashboard/dashboard-data";

export { formatCount } from "../dashboard/dashboard-data";

export const ANALYTICS_PERIODS = [
  { id: "7d", label: "Last 7 days", days: 7, bucket: "day" },
  { id: "30d", label: "Last 30 days", days: 30, bucket: "day" },
  { id: "90d", label: "Last 3 months", days: 90, bucket: "week" },
  { id: "1y", label: "Last year", days: 365, bucket: "month" },
] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_PERIOD = "30d";

/** The period of `?period=` (unknown values: the default, last 30 days). */
export const periodOf = (id: string | null | undefined): AnalyticsPeriod =>
  ANALYTICS_PERIODS.find((p) => p.id === id) ?? ANALYTICS_PERIODS.find((p) => p.id === DEFAULT_PERIOD)!;

export const ESTIMATE_FACTORS = { impressions: 50, clicks: 3, reach: 30 } as const;

export interface Estimates {
  readonly engagements: number;
  readonly impressions: number;
  readonly clicks: number;
  readonly reach: number;
  /** Percent with 1 decimal, e.g. "2.0%". */
  readonly engagementRate: string;
}

/** Spec core §9: the estimates from the engagement sum. */
export const estimates = (engagements: number): Estimates => {
  const impressions = engagements * ESTIMATE_FACTORS.impressions;
  return {
    engagements,
    impressions,
    clicks: engagements * ESTIMATE_FACTORS.clicks,
    reach: engagements * ESTIMATE_FACTORS.reach,
    engagementRate: `${(impressions === 0 ? 0 : (engagements / impressions) * 100).toFixed(1)}%`,
  };
};

export interface Bucket {
  /** First local date of the bucket (YYYY-MM-DD). */
  readonly start: string;
  readonly label: string;
  readonly posts: number;
  readonly engagements: number;
}

const addDays = (ymd: string, days: number): string => {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const dayLabel = (ymd: string) => `${MONTHS[Number(ymd.slice(5, 7)) - 1]} ${Number(ymd.slice(8, 10))}`;

/**
 * The chart's buckets over the period, in the user's time zone: days (7 and 30 days), weeks of 7
 * days ending today (3 months) or calendar months (a year). Each holds the posts published in it and
 * their engagement.
 */
export const buckets = (posts: ReadonlyArray<AnalyticsPost>, period: AnalyticsPeriod, now: Date, timeZone: string): Bucket[] => {
  const today = localDate(now, timeZone);
  const first = addDays(today, -(period.days - 1));
  let starts: string[];
  let labelOf: (start: string) => string;
  if (period.bucket === "day") {
    starts = Array.from({ length: period.days }, (_, i) => addDays(first, i));
    labelOf = dayLabel;
  } else if (period.bucket === "week") {
    const weeks = Math.ceil(period.days / 7);
    starts = Array.from({ length: weeks }, (_, i) => addDays(today, -7 * (weeks - 1 - i) - 6));
    labelOf = (s) => `Week of ${dayLabel(s)}`;
  } else {
    starts = Array.from({ length: 12 }, (_, i) => {
      const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() - (11 - i));
      return d.toISOString().slice(0, 10);
    });
    labelOf = (s) => `${MONTHS[Number(s.slice(5, 7)) - 1]} ${s.slice(0, 4)}`;
  }
  const totals = starts.map(() => ({ posts: 0, engagements: 0 }));
  for (const post of posts) {
    const day = localDate(new Date(post.publishedAt), timeZone);
    let index = -1;
    for (let i = starts.length - 1; i >= 0; i--) {
      if (day >= starts[i]!) {
        index = i;
        break;
      }
    }
    if (index < 0 || day > today) continue;
    totals[index]!.posts += 1;
    totals[index]!.engagements += engagementTotal(post.engagement);
  }
  return starts.map((start, i) => ({ start, label: labelOf(start), ...totals[i]! }));
};

export interface PlatformRow {
  readonly platform: string;
  readonly posts: number;
  readonly engagements: number;
}

/** Per platform: posts that went out on it and their engagement on it; most engaging first. */
export const platformPerformance = (posts: ReadonlyArray<AnalyticsPost>): PlatformRow[] => {
  const map = new Map<string, { posts: number; engagements: number }>();
  for (const post of posts) {
    const platforms = new Set(post.publishedPlatforms.length > 0 ? post.publishedPlatforms : post.platforms);
    for (const platform of platforms) {
      const entry = map.get(platform) ?? { posts: 0, engagements: 0 };
      entry.posts += 1;
      const own = post.engagement[platform];
      entry.engagements += own ? engagementTotal({ [platform]: own }) : 0;
      map.set(platform, entry);
    }
  }
  return [...map.entries()]
    .map(([platform, v]) => ({ platform, ...v }))
    .sort((a, b) => b.engagements - a.engagements || b.posts - a.posts || a.platform.localeCompare(b.platform));
};

export const TOP_POSTS = 5;

/** At most 5 posts, most engagement first (ties: the most recent first). */
export const topPosts = (posts: ReadonlyArray<AnalyticsPost>): Array<AnalyticsPost & { readonly engagements: number }> =>
  posts
    .map((p) => ({ ...p, engagements: engagementTotal(p.engagement) }))
    .sort((a, b) => b.engagements - a.engagements || b.publishedAt.localeCompare(a.publishedAt))
    .slice(0, TOP_POSTS);

export const totalEngagements = (posts: ReadonlyArray<AnalyticsPost>): number => posts.reduce((sum, p) => sum + engagementTotal(p.engagement), 0);

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
  const step = raw <= 5 ? 1 : 10 ** Math.floor(Math.log10(raw)) / (raw / 10 ** Math.floor(Math.log10(raw)) <= 2 ? 4 : raw / 10 ** Math.floor(Math.log10(raw)) <= 5 ? 2 : 1);
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
