import { TZDate } from "@date-fns/tz";
import { addDays, addMonths, addWeeks, eachDayOfInterval, endOfMonth, endOfWeek, format, startOfMonth, startOfWeek } from "date-fns";
import { NOTE_COLORS } from "../../../domain/calendar/rules";

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
export const dayStart = (day: string, timeZone: string): TZDate => {
  const match = DAY.exec(day);
  if (!match) throw new Error(`Not a day: ${day}`);
  return new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), timeZone);
};

export const dayOfInstant = (iso: string | Date, timeZone: string) => format(new TZDate(new Date(iso).getTime(), timeZone), "yyyy-MM-dd");

export const todayIn = (timeZone: string, now: Date = new Date()) => dayOfInstant(now, timeZone);

/** When a post sits on the calendar: scheduledAt, else publishedAt, else createdAt (spec core §4). */
export const atOf = (post: CalendarPostLike) => post.scheduledAt ?? post.publishedAt ?? post.createdAt;

export const dayOfPost = (post: CalendarPostLike, timeZone: string) => dayOfInstant(atOf(post), timeZone);

export const kindOf = (post: CalendarPostLike): "scheduled" | "published" | "draft" =>
  post.status === "published" ? "published" : post.status === "scheduled" || post.status === "publishing" ? "scheduled" : "draft";

export const matchesFilter = (post: CalendarPostLike, filter: CalendarFilter) => filter === "all" || kindOf(post) === filter;

/** The days shown: whole Sunday-to-Saturday weeks covering the month, or the one week of the anchor. */
export const gridDays = (anchor: string, view: CalendarView, timeZone: string): string[] => {
  const at = dayStart(anchor, timeZone);
  const first = view === "month" ? startOfWeek(startOfMonth(at), { weekStartsOn: 0 }) : startOfWeek(at, { weekStartsOn: 0 });
  const last = view === "month" ? endOfWeek(endOfMonth(at), { weekStartsOn: 0 }) : endOfWeek(at, { weekStartsOn: 0 });
  return eachDayOfInterval({ start: first, end: last }).map((d) => format(d, "yyyy-MM-dd"));
};

/** The instants [from, to) of a run of days, for GET /api/posts. */
export const instantRange = (days: ReadonlyArray<string>, timeZone: string) => ({
  from: new Date(dayStart(days[0]!, timeZone).getTime()).toISOString(),
  to: new Date(addDays(dayStart(days[days.length - 1]!, timeZone), 1).getTime()).toISOString(),
});

/** "MMMM yyyy" of the anchor (spec core §9). */
export const titleOf = (anchor: string, timeZone: string) => format(dayStart(anchor, timeZone), "MMMM yyyy");

export const shiftAnchor = (anchor: string, view: CalendarView, step: 1 | -1, timeZone: string) => {
  const at = dayStart(anchor, timeZone);
  const next = view === "month" ? addMonths(startOfMonth(at), step) : addWeeks(at, step);
  return format(next, "yyyy-MM-dd");
};

export const monthOf = (day: string) => day.slice(0, 7);

/** The same wall-clock time as `iso` in the zone, on another day. */
export const moveKeepingTime = (iso: string, day: string, timeZone: string): string => {
  const from = new TZDate(new Date(iso).getTime(), timeZone);
  const target = dayStart(day, timeZone);
  const moved = new TZDate(
    target.getFullYear(),
    target.getMonth(),
    target.getDate(),
    from.getHours(),
    from.getMinutes(),
    from.getSeconds(),
    from.getMilliseconds(),
    timeZone,
  );
  return new Date(moved.getTime()).toISOString();
};

export const timeOf = (iso: string, timeZone: string) => format(new TZDate(new Date(iso).getTime(), timeZone), "h:mm a");

export const longDay = (day: string, timeZone: string) => format(dayStart(day, timeZone), "EEEE, MMMM d, yyyy");

/** The CSS class of a note colour (the stylesheet has one rule per preset: no inline styles). */
export const noteColorClass = (color: string) => {
  const upper = color.toUpperCase();
  return (NOTE_COLORS as ReadonlyArray<string>).includes(upper) ? `cal-color-${upper.slice(1)}` : "cal-color-FBBF24";
};

export const excerpt = (content: string, length = 40) => {
  const text = content.replace(/\s+/g, " ").trim();
  return text.length > length ? `${text.slice(0, length - 1)}…` : text || "(no text)";
};
