/**
 * The dashboard's figures as pure functions (spec core §9): relative times, engagement totals,
 * K/M numbers, the week of the content-calendar panel and the analytics periods.
 */
import type { PostView } from "../../../infra/publishing/Posts";

/** Engagement of a post: likes + shares + comments summed over its platforms. */
export const engagementTotal = (engagement: Record<string, unknown> | null | undefined): number => {
  let total = 0;
  for (const value of Object.values(engagement ?? {})) {
    if (typeof value !== "object" || value === null) continue;
    const v = value as Record<string, unknown>;
    for (const key of ["likes", "shares", "comments"]) {
      const n = Number(v[key]);
      if (Number.isFinite(n)) total += n;
    }
  }
  return total;
};

/** 999 → "999", 1,500 → "1.5K", 2,000,000 → "2M". */
export const formatCount = (n: number): string => {
  const trim = (x: number) => x.toFixed(1).replace(/\.0$/, "");
  if (Math.abs(n) >= 1_000_000) return `${trim(n / 1_000_000)}M`;
  if (Math.abs(n) >= 1_000) return `${trim(n / 1_000)}K`;
  return String(n);
};

/** Under 1 hour "Just now", under 24 "N hours ago", else "N days ago". */
export const relativeTime = (iso: string | null, now: Date): string => {
  if (!iso) return "";
  const hours = Math.floor((now.getTime() - new Date(iso).getTime()) / 3_600_000);
  if (hours < 1) return "Just now";
  if (hours < 24) return `${hours} ${hours === 1 ? "hour" : "hours"} ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? "day" : "days"} ago`;
};

/** "+12.5% from last month", or "No earlier data" when there is nothing to compare with. */
export const changeText = (change: number | null): string =>
  change === null ? "No earlier data" : `${change > 0 ? "+" : ""}${change}% from last month`;

/** "Next post in N hours" from the next scheduled time, or "Nothing scheduled". */
export const nextPostText = (nextAt: string | null, now: Date): string => {
  if (!nextAt) return "Nothing scheduled";
  const ms = new Date(nextAt).getTime() - now.getTime();
  if (ms < 3_600_000) return "Next post in less than an hour";
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 48) return `Next post in ${hours} ${hours === 1 ? "hour" : "hours"}`;
  return `Next post in ${Math.floor(hours / 24)} days`;
};

/** The time a post is placed at: scheduled, else published, else created. */
export const postTime = (post: Pick<PostView, "scheduledAt" | "publishedAt" | "createdAt">): string =>
  post.scheduledAt ?? post.publishedAt ?? post.createdAt;

/** The local calendar date ("YYYY-MM-DD") of an instant in a time zone. */
export const localDate = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);

/** "10:30 AM" in a time zone. */
export const localTime = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" }).format(at);

const addDays = (ymd: string, days: number): string => {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

export interface WeekDay {
  readonly date: string;
  readonly label: (typeof WEEKDAYS)[number];
  readonly dayOfMonth: number;
  readonly isToday: boolean;
  readonly posts: ReadonlyArray<{ readonly id: string; readonly time: string; readonly platforms: ReadonlyArray<string>; readonly status: string; readonly content: string }>;
}

/** This week (Sunday to Saturday, in the user's time zone) with its posts placed on their days. */
export const weekOf = (now: Date, timeZone: string, posts: ReadonlyArray<PostView>): WeekDay[] => {
  const today = localDate(now, timeZone);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const sunday = addDays(today, -weekday);
  return WEEKDAYS.map((label, i) => {
    const date = addDays(sunday, i);
    const dayPosts = posts
      .filter((p) => p.status !== "draft" && localDate(new Date(postTime(p)), timeZone) === date)
      .sort((a, b) => postTime(a).localeCompare(postTime(b)))
      .map((p) => ({ id: p.id, time: localTime(new Date(postTime(p)), timeZone), platforms: p.platforms, status: p.status, content: p.content }));
    return { date, label, dayOfMonth: Number(date.slice(8, 10)), isToday: date === today, posts: dayPosts };
  });
};

export const PERIODS = [
  { id: "7d", label: "Last 7 days", days: 7 },
  { id: "30d", label: "Last 30 days", days: 30 },
  { id: "90d", label: "Last 3 months", days: 90 },
] as const;
export type PeriodId = (typeof PERIODS)[number]["id"];

export const periodDays = (id: string): number => PERIODS.find((p) => p.id === id)?.days ?? 30;
export const isPeriodId = (id: string | null | undefined): id is PeriodId => PERIODS.some((p) => p.id === id);

export interface PeriodFigures {
  readonly posts: number;
  readonly engagement: number;
  readonly averageEngagement: number;
  readonly byPlatform: ReadonlyArray<{ readonly platform: string; readonly posts: number; readonly engagement: number }>;
}

type PublishedPost = Pick<PostView, "publishedAt" | "platforms" | "engagement">;

/** Posts published in the last `days` days and their engagement, overall and per platform. */
export const periodFigures = (posts: ReadonlyArray<PublishedPost>, days: number, now: Date): PeriodFigures => {
  const since = now.getTime() - days * 86_400_000;
  const inPeriod = posts.filter((p) => p.publishedAt && new Date(p.publishedAt).getTime() >= since && new Date(p.publishedAt).getTime() <= now.getTime());
  const platforms = new Map<string, { posts: number; engagement: number }>();
  let engagement = 0;
  for (const post of inPeriod) {
    const total = engagementTotal(post.engagement);
    engagement += total;
    for (const platform of post.platforms) {
      const entry = platforms.get(platform) ?? { posts: 0, engagement: 0 };
      entry.posts += 1;
      const own = post.engagement?.[platform];
      entry.engagement += own ? engagementTotal({ [platform]: own }) : 0;
      platforms.set(platform, entry);
    }
  }
  return {
    posts: inPeriod.length,
    engagement,
    averageEngagement: inPeriod.length === 0 ? 0 : Math.round((engagement / inPeriod.length) * 10) / 10,
    byPlatform: [...platforms.entries()].map(([platform, v]) => ({ platform, ...v })).sort((a, b) => b.posts - a.posts || a.platform.localeCompare(b.platform)),
  };
};

/** Figures for every period at once (the select switches between them). */
export const allPeriodFigures = (posts: ReadonlyArray<PublishedPost>, now: Date): Record<PeriodId, PeriodFigures> =>
  Object.fromEntries(PERIODS.map((p) => [p.id, periodFigures(posts, p.days, now)])) as Record<PeriodId, PeriodFigures>;

/** One CSV field: quoted when it holds a comma, quote or line break; a leading =,+,-,@ is defused. */
export const csvField = (value: string | number | null | undefined): string => {
  let text = value === null || value === undefined ? "" : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvRow = (values: ReadonlyArray<string | number | null | undefined>): string => values.map(csvField).join(",");
