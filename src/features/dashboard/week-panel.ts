/** The week of the dashboard's content-calendar panel (spec core §2), rendered on the server. */
import type { CalendarDay } from "../../../infra/publishing/CalendarPosts";
import { addDays, localDate, localTime, weekdayOf } from "../../lib/dates";
import { atOf } from "../calendar/calendar-model";

export const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

export interface WeekDay {
  readonly date: string;
  readonly label: (typeof WEEKDAYS)[number];
  readonly dayOfMonth: number;
  readonly isToday: boolean;
  /** The first scheduled or published posts of the day, by time. */
  readonly posts: ReadonlyArray<{ readonly id: string; readonly time: string; readonly platforms: ReadonlyArray<string>; readonly status: string; readonly content: string }>;
  /** Scheduled and published posts of the day not listed. */
  readonly more: number;
}

/** Posts a day of the panel lists before "+N more". */
export const WEEK_PANEL_PER_DAY = 3;

/** Logos a chip shows before "+N": a day of the panel is a seventh of a half-width card. */
export const WEEK_PANEL_LOGOS = 2;

/** "9 AM" on the hour, "10:30 AM" otherwise: as short as a day's narrow cell needs, as Google Calendar's month shows times. */
export const panelTime = (at: Date, timeZone: string) => localTime(at, timeZone).replace(":00 ", " ");

/** This week's days, Sunday to Saturday, in the user's time zone. */
export const weekDates = (now: Date, timeZone: string): string[] => {
  const today = localDate(now, timeZone);
  const sunday = addDays(today, -weekdayOf(today));
  return WEEKDAYS.map((_, i) => addDays(sunday, i));
};

/** This week with its scheduled and published posts on their days (GET /api/calendar's day summaries). */
export const weekOf = (now: Date, timeZone: string, summaries: ReadonlyArray<CalendarDay>): WeekDay[] => {
  const today = localDate(now, timeZone);
  const byDay = new Map(summaries.map((s) => [s.day, s]));
  return weekDates(now, timeZone).map((date, i) => {
    const summary = byDay.get(date);
    const posts = (summary?.posts ?? [])
      .filter((p) => p.status !== "draft")
      .sort((a, b) => atOf(a).localeCompare(atOf(b)))
      .slice(0, WEEK_PANEL_PER_DAY)
      .map((p) => ({ id: p.id, time: panelTime(new Date(atOf(p)), timeZone), platforms: p.platforms, status: p.status, content: p.content }));
    const total = (summary?.scheduled ?? 0) + (summary?.published ?? 0);
    return { date, label: WEEKDAYS[i]!, dayOfMonth: Number(date.slice(8, 10)), isToday: date === today, posts, more: total - posts.length };
  });
};
