import { instantAt, wallClockOf } from "../../../domain/shared/zoned";
import { formatDay } from "../../lib/dates";
import { DAY, dayParts } from "./calendar-model";

/*
 * The week view's rules, apart from calendar-model so that they load with the week (calendar-later.ts): days as columns, the 24 hours of the zone's wall clock as rows. A post has no
 * duration: it is a one-line chip in its hour's row (stackHours). Drops land on quarter hours.
 */

export const DAY_MINUTES = 24 * 60;
export const SLOT_MINUTES = 15;
/** The week opens scrolled to the working day, or earlier to show the first post. */
export const WORKDAY_START_MINUTES = 8 * 60;

/** The minute of the day (0–1439) of an instant on the zone's wall clock. */
export const minuteOfDay = (iso: string, timeZone: string) => {
  const { hours, minutes } = wallClockOf(new Date(iso), timeZone);
  return hours * 60 + minutes;
};

/** A minute of the day rounded to the nearest quarter hour, kept inside the day. */
export const snapToSlot = (minutes: number) => Math.min(DAY_MINUTES - SLOT_MINUTES, Math.max(0, Math.round(minutes / SLOT_MINUTES) * SLOT_MINUTES));

/**
 * Where a dragged block lands: its top (the pointer less where the block was grabbed) as a minute of
 * the day column, rounded to a quarter hour. Lengths in px, as the browser measures them.
 */
export const dropMinutes = (drop: { readonly pointerY: number; readonly grabOffset: number; readonly columnTop: number; readonly columnHeight: number }) =>
  snapToSlot(((drop.pointerY - drop.grabOffset - drop.columnTop) / drop.columnHeight) * DAY_MINUTES);

/** The instant of a minute of a day on the zone's wall clock (a minute skipped by DST moves forward). */
export const instantOfSlot = (day: string, minutes: number, timeZone: string) =>
  instantAt({ ...dayParts(day), hours: Math.floor(minutes / 60), minutes: minutes % 60 }, timeZone).toISOString();

/** The instant of a date input's YYYY-MM-DD and a time input's HH:MM in the zone, or null when either is not one. */
export const instantOfInputs = (day: string, time: string, timeZone: string): string | null => {
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!DAY.test(day) || !clock || Number(clock[1]) > 23 || Number(clock[2]) > 59) return null;
  return instantOfSlot(day, Number(clock[1]) * 60 + Number(clock[2]), timeZone);
};

/** A time input's value ("14:15") of an instant in the zone. */
export const clockOf = (iso: string, timeZone: string) => {
  const { hours, minutes } = wallClockOf(new Date(iso), timeZone);
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
};

/** "12 AM", "1 AM" … "11 PM": the hour labels of the week's time gutter, as the app writes times. */
export const hourLabel = (hour: number) => `${hour % 12 || 12} ${hour < 12 ? "AM" : "PM"}`;

/** The minute the week opens scrolled to: the working day, or half an hour before an earlier first post. */
export const openingMinute = (starts: ReadonlyArray<number>) => Math.max(0, Math.min(WORKDAY_START_MINUTES, ...starts.map((m) => m - 30)));

/** An hour row holds this many one-line chips, each a third of the hour tall. */
export const LINES_PER_HOUR = 3;
const LINE_MINUTES = 60 / LINES_PER_HOUR;

export interface HourStack {
  readonly hour: number;
  /** The minute of the day where its first chip is drawn: its first post's, raised so that the stack ends inside its hour. */
  readonly start: number;
  /** The posts shown as chips, by time. */
  readonly shown: ReadonlyArray<string>;
  /** The hour's posts past what fits: a "+N more" line opens them all. */
  readonly more: number;
}

/**
 * A day's posts stacked by hour, as Hootsuite and Buffer's week views show a busy hour: each post a
 * one-line chip (time, platform, first words) under the one before, all inside their hour's row, so
 * that none covers another; past LINES_PER_HOUR, the first ones and "+N more". A post alone in its
 * hour sits at its minute (9:37 a third of the way down) unless that would run into the next hour.
 */
export const stackHours = (items: ReadonlyArray<{ readonly id: string; readonly start: number }>): HourStack[] => {
  const byHour = new Map<number, { readonly id: string; readonly start: number }[]>();
  for (const item of [...items].sort((a, b) => a.start - b.start || a.id.localeCompare(b.id))) {
    const hour = Math.floor(item.start / 60);
    byHour.set(hour, [...(byHour.get(hour) ?? []), item]);
  }
  return [...byHour].map(([hour, posts]) => {
    const shown = posts.length <= LINES_PER_HOUR ? posts : posts.slice(0, LINES_PER_HOUR - 1);
    const more = posts.length - shown.length;
    const lines = shown.length + (more > 0 ? 1 : 0);
    return { hour, start: Math.min(posts[0]!.start, (hour + 1) * 60 - lines * LINE_MINUTES), shown: shown.map((p) => p.id), more };
  });
};

/** "Sun". */
export const formatWeekday = (day: string) => formatDay(day, { weekday: "short" });
