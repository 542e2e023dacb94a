import { instantAt, wallClockOf } from "../shared/zoned";
import { isCalendarDate } from "../shared/calendar-days";
import { DAY_MS } from "../shared/instants";

/** 0 = Sunday ... 6 = Saturday (the compose screen's buttons Mon..Sun are 1..6, 0; spec core §9). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export const MONTHLY_ORDINALS = ["1st", "2nd", "3rd", "4th", "last"] as const;
export type MonthlyOrdinal = (typeof MONTHLY_ORDINALS)[number];

/** How a recurring post ends: never, after N publications in all, or on a date (inclusive, in the rule's time zone). */
export type RecurrenceEnd = { readonly type: "never" } | { readonly type: "after"; readonly count: number } | { readonly type: "on"; readonly date: string };

export type RecurrenceRule =
  | { readonly frequency: "daily"; readonly end: RecurrenceEnd }
  | { readonly frequency: "weekly"; readonly weekdays: ReadonlyArray<Weekday>; readonly end: RecurrenceEnd }
  | { readonly frequency: "monthly"; readonly ordinal: MonthlyOrdinal; readonly weekday: Weekday; readonly end: RecurrenceEnd };

/** A calendar day, months 1-12, independent of any zone. */
interface Day {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const dayNumber = (d: Day) => Date.UTC(d.year, d.month - 1, d.day) / DAY_MS;
const fromDayNumber = (n: number): Day => {
  const date = new Date(n * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};
const weekdayOf = (d: Day) => new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() as Weekday;
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const isoDay = (d: Day) => `${String(d.year).padStart(4, "0")}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;

/** The day of the month of the rule's "1st..4th or last <weekday>" in that month. */
export const nthWeekdayOfMonth = (year: number, month: number, ordinal: MonthlyOrdinal, weekday: Weekday): number => {
  if (ordinal === "last") {
    const last = daysInMonth(year, month);
    return last - ((weekdayOf({ year, month, day: last }) - weekday + 7) % 7);
  }
  const first = (weekday - weekdayOf({ year, month, day: 1 }) + 7) % 7;
  return 1 + first + 7 * (MONTHLY_ORDINALS.indexOf(ordinal) as number);
};

const matches = (rule: RecurrenceRule, d: Day): boolean => {
  switch (rule.frequency) {
    case "daily":
      return true;
    case "weekly":
      return rule.weekdays.includes(weekdayOf(d));
    case "monthly":
      return d.day === nthWeekdayOfMonth(d.year, d.month, rule.ordinal, rule.weekday);
  }
};

/** The instant of a wall-clock time on a day in a zone (gaps and overlaps as `instantAt` reads them). */
export const atWallClock = (d: Day, hours: number, minutes: number, timeZone: string): Date => instantAt({ ...d, hours, minutes }, timeZone);

/** The rule's end date allows this day. */
const withinEndDate = (rule: RecurrenceRule, d: Day) => rule.end.type !== "on" || isoDay(d) <= rule.end.date;

const MAX_DAYS = 366 * 100;

/**
 * The rule's times strictly after `after`, at the wall-clock time of day `time` in `timeZone`, up to
 * `count` (and the end date). The end "after N" is not applied here: it counts publications.
 */
const occurrencesAfter = (
  rule: RecurrenceRule,
  after: Date,
  time: { readonly hours: number; readonly minutes: number },
  timeZone: string,
  count: number,
  inclusive: boolean,
): ReadonlyArray<Date> => {
  const result: Array<Date> = [];
  const start = wallClockOf(after, timeZone);
  const first = dayNumber(start);
  for (let n = first; n < first + MAX_DAYS && result.length < count; n++) {
    const day = fromDayNumber(n);
    if (!withinEndDate(rule, day)) break;
    if (!matches(rule, day)) continue;
    const at = atWallClock(day, time.hours, time.minutes, timeZone);
    if (inclusive ? at.getTime() >= after.getTime() : at.getTime() > after.getTime()) result.push(at);
  }
  return result;
};

/**
 * The first `count` times of the rule at or after `start`, at `start`'s wall-clock time of day in
 * `timeZone` (09:00 stays 09:00 across DST changes). `start` itself counts when it matches the rule.
 * Ends: "after N" gives at most N times, "on" none after that date.
 */
export const nextOccurrences = (rule: RecurrenceRule, start: Date, timeZone: string, count: number): ReadonlyArray<Date> => {
  const clock = wallClockOf(start, timeZone);
  const limit = rule.end.type === "after" ? Math.min(count, rule.end.count) : count;
  return occurrencesAfter(rule, start, clock, timeZone, Math.max(0, limit), true);
};

/**
 * A recurring post's next publication after its occurrence number `occurrence` took place: the first
 * rule time strictly after `after` (the later of the last occurrence and now, so missed ones are
 * skipped, not piled up), at the time of day of `anchor` (the time the user chose). Null when the
 * rule has ended.
 */
export const nextOccurrenceAfter = (
  rule: RecurrenceRule,
  params: { readonly anchor: Date; readonly after: Date; readonly occurrence: number; readonly timeZone: string },
): Date | null => {
  if (rule.end.type === "after" && params.occurrence + 1 > rule.end.count) return null;
  const clock = wallClockOf(params.anchor, params.timeZone);
  return occurrencesAfter(rule, params.after, clock, params.timeZone, 1, false)[0] ?? null;
};

/** The most times "after N" takes: a longer run is a rule with an end date, or none. */
export const MAX_REPEATS = 1000;

/**
 * A message when the rule cannot be used, else null (the scheduler's form rules, spec core §5).
 * With the first publication, an end date before its day is refused too.
 */
export const checkRecurrenceRule = (rule: RecurrenceRule, first?: { readonly at: Date; readonly timeZone: string }): string | null => {
  if (rule.frequency === "weekly" && rule.weekdays.length === 0) return "Choose at least one day of the week";
  if (rule.frequency === "weekly" && rule.weekdays.some((d) => !Number.isInteger(d) || d < 0 || d > 6))
    return "Choose days of the week from Sunday (0) to Saturday (6)";
  if (rule.frequency === "monthly" && !MONTHLY_ORDINALS.includes(rule.ordinal)) return "Choose the week of the month: 1st, 2nd, 3rd, 4th or last";
  if (rule.frequency === "monthly" && (!Number.isInteger(rule.weekday) || rule.weekday < 0 || rule.weekday > 6))
    return "Choose days of the week from Sunday (0) to Saturday (6)";
  if (rule.end.type === "after" && (!Number.isInteger(rule.end.count) || rule.end.count < 1)) return "Repeat at least once";
  if (rule.end.type === "after" && rule.end.count > MAX_REPEATS) return `Repeat at most ${MAX_REPEATS} times, or choose an end date`;
  if (rule.end.type === "on" && !isCalendarDate(rule.end.date)) return "Choose an end date that exists on the calendar, like 2030-02-28";
  if (rule.end.type === "on" && first && rule.end.date < isoDay(wallClockOf(first.at, first.timeZone))) return "The end date is before the first publication";
  return null;
};
