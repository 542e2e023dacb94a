import { instantAt, wallClockOf } from "../../../domain/shared/zoned";
import { formatDay } from "../../lib/dates";
import { DAY, dayParts } from "./calendar-model";

/*
 * The week view's rules, apart from calendar-model so that they load with the week (calendar-later.ts): days as columns, the 24 hours of the zone's wall clock as rows. A post has no
 * duration, so its block is drawn BLOCK_MINUTES tall, starting at its minute; posts whose blocks
 * overlap share the column side by side. Drops land on quarter hours.
 */

export const DAY_MINUTES = 24 * 60;
export const SLOT_MINUTES = 15;
/** Room for a block's time, logos and first words. */
export const BLOCK_MINUTES = 45;
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

/** How far a block is indented, at most, over the blocks still running when it starts. */
export const MAX_INDENT = 4;

export interface PlacedBlock {
  readonly id: string;
  readonly start: number;
  /** How many earlier blocks (of other minutes) still run at its start: it is drawn over them, indented by as many steps. */
  readonly indent: number;
  /** Posts of the same minute share their row side by side: this block's place among them. */
  readonly lane: number;
  readonly lanes: number;
}

/**
 * Blocks of one day, each at its minute, as calendars lay out overlapping events: a later block is
 * drawn over the ones still running, indented so that their first line stays readable (their time
 * and first words show until the next one starts); posts due at the same minute (an agency's 9:00)
 * sit side by side, since none of them would show otherwise.
 */
export const layoutBlocks = (items: ReadonlyArray<{ readonly id: string; readonly start: number }>): PlacedBlock[] => {
  const sorted = [...items].sort((a, b) => a.start - b.start || a.id.localeCompare(b.id));
  return sorted.map((item) => {
    const sameMinute = sorted.filter((other) => other.start === item.start);
    const running = new Set(sorted.filter((other) => other.start < item.start && other.start + BLOCK_MINUTES > item.start).map((other) => other.start));
    return { id: item.id, start: item.start, indent: Math.min(MAX_INDENT, running.size), lane: sameMinute.indexOf(item), lanes: sameMinute.length };
  });
};

/** "Sun". */
export const formatWeekday = (day: string) => formatDay(day, { weekday: "short" });
