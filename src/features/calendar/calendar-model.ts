import { NOTE_COLORS, NOTE_CONTENT_REQUIRED } from "../../../domain/calendar/rules";
import { instantAt, wallClockOf } from "../../../domain/shared/zoned";
import type { CalendarDay, CalendarPost } from "../../../infra/publishing/CalendarPosts";
import { apiErrorCode, apiErrorMessage } from "../../lib/api-client";
import { addDays, formatDay, localDate, localTime, monthStartOf, weekdayOf } from "../../lib/dates";

/**
 * The calendar's pure rules (spec core §2, §4, §9): Sunday-first grids of days written
 * YYYY-MM-DD in the user's time zone, where each post belongs, and moving a post keeping its time.
 */

export type CalendarView = "month" | "week";
export type CalendarFilter = "all" | "scheduled" | "published";

export const FILTERS: ReadonlyArray<{ readonly id: CalendarFilter; readonly label: string }> = [
  { id: "all", label: "See All" },
  { id: "scheduled", label: "Scheduled Posts" },
  { id: "published", label: "Published Posts" },
];

/** Posts of each kind a month cell carries before "+N more" (and GET /api/calendar's default). */
export const CALENDAR_PER_DAY = 3;

/** Note dots shown per day before the "+" (spec core §9). */
export const NOTE_DOTS = 2;

export const CHOOSE_TITLE = "Would you like to Create New Post or Add Note on this date?";

export interface CalendarPostLike {
  readonly status: string;
  readonly scheduledAt: string | null;
  readonly publishedAt: string | null;
  readonly createdAt: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight of a YYYY-MM-DD day in the zone. */
export const dayStart = (day: string, timeZone: string): Date => instantAt({ ...dayParts(day), hours: 0, minutes: 0 }, timeZone);

const dayParts = (day: string) => {
  const match = DAY.exec(day);
  if (!match) throw new Error(`Not a day: ${day}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
};

export const dayOfInstant = (iso: string | Date, timeZone: string) => localDate(new Date(iso), timeZone);

export const todayIn = (timeZone: string, now: Date = new Date()) => dayOfInstant(now, timeZone);

/** When a post sits on the calendar: scheduledAt, else publishedAt, else createdAt (spec core §4). */
export const atOf = (post: CalendarPostLike) => post.scheduledAt ?? post.publishedAt ?? post.createdAt;

export const dayOfPost = (post: CalendarPostLike, timeZone: string) => dayOfInstant(atOf(post), timeZone);

export const kindOf = (post: CalendarPostLike): "scheduled" | "published" | "draft" =>
  post.status === "published" ? "published" : post.status === "scheduled" || post.status === "publishing" ? "scheduled" : "draft";

export const matchesFilter = (post: CalendarPostLike, filter: CalendarFilter) => filter === "all" || kindOf(post) === filter;

/** The days shown: whole Sunday-to-Saturday weeks covering the month, or the one week of the anchor. */
export const gridDays = (anchor: string, view: CalendarView): string[] => {
  const start = view === "month" ? monthStartOf(anchor) : anchor;
  const end = view === "month" ? addDays(monthStartOf(anchor, 1), -1) : anchor;
  const first = addDays(start, -weekdayOf(start));
  const last = addDays(end, 6 - weekdayOf(end));
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
};

/** The instants [from, to) of a run of days, for GET /api/posts. */
export const instantRange = (days: ReadonlyArray<string>, timeZone: string) => ({
  from: dayStart(days[0]!, timeZone).toISOString(),
  to: dayStart(addDays(days[days.length - 1]!, 1), timeZone).toISOString(),
});

/** "MMMM yyyy" of the anchor (spec core §9). */
export const titleOf = (anchor: string) => formatDay(anchor, { month: "long", year: "numeric" });

export const shiftAnchor = (anchor: string, view: CalendarView, step: 1 | -1) => (view === "month" ? monthStartOf(anchor, step) : addDays(anchor, 7 * step));

export const monthOf = (day: string) => day.slice(0, 7);

/** The same wall-clock time as `iso` in the zone, on another day. */
export const moveKeepingTime = (iso: string, day: string, timeZone: string): string => {
  const at = new Date(iso);
  const { hours, minutes } = wallClockOf(at, timeZone);
  return instantAt({ ...dayParts(day), hours, minutes, seconds: at.getUTCSeconds(), ms: at.getUTCMilliseconds() }, timeZone).toISOString();
};

export const timeOf = (iso: string, timeZone: string) => localTime(new Date(iso), timeZone);

export const longDay = (day: string) => formatDay(day, { weekday: "long", month: "long", day: "numeric", year: "numeric" });

/** The CSS class of a note colour (the stylesheet has one rule per preset: no inline styles). */
export const noteColorClass = (color: string) => {
  const upper = color.toUpperCase();
  return (NOTE_COLORS as ReadonlyArray<string>).includes(upper) ? `cal-color-${upper.slice(1)}` : "cal-color-FBBF24";
};

/** The toasts of the note dialog (spec core §8): titles, and the failures' descriptions (titled "Error"). */
export const NOTE_TOASTS = {
  created: "Note Created",
  updated: "Note Updated",
  deleted: "Note Deleted",
  errorTitle: "Error",
  createFailed: "Failed to create note. Please try again.",
  updateFailed: "Failed to update note. Please try again.",
  deleteFailed: "Failed to delete note. Please try again.",
  contentRequired: NOTE_CONTENT_REQUIRED,
} as const;

const COUNT_OF_KIND = { scheduled: "scheduled", published: "published", draft: "drafts" } as const;

/**
 * The days with `post` taken off the day it is listed on (and that day's count of its kind) and put,
 * as given, on the day of its time in the zone: a drag shows at once, the server's answer then only
 * updates the post (its version), and a refusal puts it back with the post as it was. A post listed
 * nowhere is only added; a day not in the list yet is added in order.
 */
export const relocatePost = (days: ReadonlyArray<CalendarDay>, post: CalendarPost, timeZone: string): CalendarDay[] => {
  const count = COUNT_OF_KIND[kindOf(post)];
  const target = dayOfPost(post, timeZone);
  const next = days.map((summary): CalendarDay => {
    const old = summary.posts.find((p) => p.id === post.id);
    if (!old) return summary;
    const oldCount = COUNT_OF_KIND[kindOf(old)];
    return { ...summary, [oldCount]: Math.max(0, summary[oldCount] - 1), posts: summary.posts.filter((p) => p.id !== post.id) };
  });
  const index = next.findIndex((summary) => summary.day === target);
  const place = (summary: CalendarDay): CalendarDay => ({
    ...summary,
    [count]: summary[count] + 1,
    posts: [...summary.posts, post].sort((a, b) => atOf(a).localeCompare(atOf(b)) || a.id.localeCompare(b.id)),
  });
  if (index >= 0) next[index] = place(next[index]!);
  else {
    const fresh = place({ day: target, scheduled: 0, published: 0, drafts: 0, posts: [] });
    const at = next.findIndex((summary) => summary.day > target);
    next.splice(at < 0 ? next.length : at, 0, fresh);
  }
  return next;
};

/** Whether the day lists fewer posts of the kind than it counts (the server sends the first few only). */
export const hasHiddenPosts = (
  days: ReadonlyArray<CalendarDay>,
  day: string,
  post: Pick<CalendarPost, "status" | "scheduledAt" | "publishedAt" | "createdAt">,
): boolean => {
  const summary = days.find((d) => d.day === day);
  if (!summary) return false;
  const kind = kindOf(post);
  return summary[COUNT_OF_KIND[kind]] > summary.posts.filter((p) => kindOf(p) === kind).length;
};

/** The version to state when writing a listed post (none when the list carries none). */
export const expectedVersionOf = (post: { readonly version?: number | undefined }): number | undefined =>
  typeof post.version === "number" && Number.isInteger(post.version) ? post.version : undefined;

/** What a version conflict says when the server gave no message of its own. */
export const CONFLICT_FALLBACK = "This item was changed by someone else. Reload and try again.";

/**
 * The toast of a move the server refused: a version conflict (someone changed the post since the
 * calendar was read) gives the server's message and Reload; anything else the server's reason, or the
 * generic failure.
 */
export const moveFailure = (error: unknown): { readonly title: string; readonly description: string; readonly reload: boolean } =>
  apiErrorCode(error) === "version_conflict"
    ? { title: "Error", description: apiErrorMessage(error, CONFLICT_FALLBACK), reload: true }
    : { title: "Error", description: apiErrorMessage(error, "Failed to move post. Please try again."), reload: false };
