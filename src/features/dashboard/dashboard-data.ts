/**
 * The dashboard's figures as pure functions (spec core §9): relative times, engagement totals,
 * K/M numbers and the analytics periods. The island of the analytics overview imports this file,
 * so the calendar panel's week (week-panel.ts, server only) lives apart.
 */

import { engagementTotal, isPeriodId, PERIODS, type PeriodId, periodDays } from "../../../domain/publishing/periods";

export { engagementTotal, isPeriodId, PERIODS, type PeriodId, periodDays };

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
