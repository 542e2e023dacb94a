import { CALENDAR_PER_DAY, NOTE_COLORS, NOTE_CONTENT_REQUIRED } from "../../../domain/calendar/rules";
import { instantAt, wallClockOf } from "../../../domain/shared/zoned";
import type { CalendarDay, CalendarPost } from "../../../infra/publishing/CalendarPosts";
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

export { CALENDAR_PER_DAY };

/** Note dots shown per day before the "+" (spec core §9). */
export const NOTE_DOTS = 2;

export const CHOOSE_TITLE = "Would you like to Create New Post or Add Note on this date?";

export interface CalendarPostLike {
  readonly status: string;
  readonly scheduledAt: string | null;
  readonly publishedAt: string | null;
  readonly createdAt: string;
}

export const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight of a YYYY-MM-DD day in the zone. */
export const dayStart = (day: string, timeZone: string): Date => instantAt({ ...dayParts(day), hours: 0, minutes: 0 }, timeZone);

export const dayParts = (day: string) => {
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

/** How many posts a day holds under the filter (it lists only the first few). */
export const countOfFilter = (summary: CalendarDay | undefined, filter: CalendarFilter) =>
  !summary
    ? 0
    : filter === "scheduled"
      ? summary.scheduled
      : filter === "published"
        ? summary.published
        : summary.scheduled + summary.published + summary.drafts;

/** The Scheduled and Published counts a day shows under the filter. */
export const badgeCounts = (summary: CalendarDay | undefined, filter: CalendarFilter) => ({
  scheduled: filter === "published" ? 0 : (summary?.scheduled ?? 0),
  published: filter === "scheduled" ? 0 : (summary?.published ?? 0),
});

/** Whether the calendar can move the post: scheduled and not yet due (a publishing one is on its way). */
export const isMovable = (post: CalendarPostLike, now: number = Date.now()) =>
  post.status === "scheduled" && post.scheduledAt !== null && Date.parse(post.scheduledAt) > now;

/** What a post dragged from the calendar carries: its id. */
export const POST_DRAG_TYPE = "application/x-socialdesk-post";

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

/** The title of a week: "Nov 22 – 28, 2026", "Nov 29 – Dec 5, 2026", "Dec 27, 2026 – Jan 2, 2027". */
export const weekTitleOf = (days: ReadonlyArray<string>) => {
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const month = (day: string) => formatDay(day, { month: "short" });
  const date = (day: string) => Number(day.slice(8));
  if (first.slice(0, 4) !== last.slice(0, 4)) return `${month(first)} ${date(first)}, ${first.slice(0, 4)} – ${month(last)} ${date(last)}, ${last.slice(0, 4)}`;
  const end = monthOf(first) === monthOf(last) ? `${date(last)}` : `${month(last)} ${date(last)}`;
  return `${month(first)} ${date(first)} – ${end}, ${last.slice(0, 4)}`;
};

export const shiftAnchor = (anchor: string, view: CalendarView, step: 1 | -1) => (view === "month" ? monthStartOf(anchor, step) : addDays(anchor, 7 * step));

export const monthOf = (day: string) => day.slice(0, 7);

/** The same wall-clock time as `iso` in the zone, on another day. */
export const moveKeepingTime = (iso: string, day: string, timeZone: string): string => {
  const at = new Date(iso);
  const { hours, minutes } = wallClockOf(at, timeZone);
  return instantAt({ ...dayParts(day), hours, minutes, seconds: at.getUTCSeconds(), ms: at.getUTCMilliseconds() }, timeZone).toISOString();
};

export const timeOf = (iso: string, timeZone: string) => localTime(new Date(iso), timeZone);

/** "Wednesday, November 25, 2026 at 2:15 PM": where a post was moved, in the zone. */
export const whenOf = (iso: string, timeZone: string) => `${longDay(dayOfInstant(iso, timeZone))} at ${timeOf(iso, timeZone)}`;

export const longDay = (day: string) => formatDay(day, { weekday: "long", month: "long", day: "numeric", year: "numeric" });

/**
 * A day button's name: the words the button shows, as it shows them (a speech user says what they
 * see: WCAG 2.5.3, label in name), then "Wednesday, November 25, 2026, today, 2 scheduled, 1 note".
 * A count the button shows itself (`shown`) is not said twice: leave it out of `counts`.
 */
export const dayLabelOf = (
  day: string,
  counts: { readonly today: string; readonly scheduled?: number; readonly published?: number; readonly notes: number },
  shown: ReadonlyArray<string>,
) =>
  [
    ...shown,
    longDay(day),
    day === counts.today ? "today" : null,
    counts.scheduled ? `${counts.scheduled} scheduled` : null,
    counts.published ? `${counts.published} published` : null,
    counts.notes ? `${counts.notes} ${counts.notes === 1 ? "note" : "notes"}` : null,
  ]
    .filter(Boolean)
    .join(", ");

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
