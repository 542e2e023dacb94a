/** The dashboard's analytics periods and a post's engagement total (spec core §9), read by its screens and by the API. */

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
/** The Analytics Overview's periods (and the posts export's). */
export const PERIODS = [
  { id: "7d", label: "Last 7 days", days: 7 },
  { id: "30d", label: "Last 30 days", days: 30 },
  { id: "90d", label: "Last 3 months", days: 90 },
] as const;
export type PeriodId = (typeof PERIODS)[number]["id"];

export const periodDays = (id: string): number => PERIODS.find((p) => p.id === id)?.days ?? 30;
export const isPeriodId = (id: string | null | undefined): id is PeriodId => PERIODS.some((p) => p.id === id);

