import { TZDate } from "@date-fns/tz";

/**
 * Wall-clock arithmetic in IANA time zones. The one place `domain/` reaches outside `effect`
 * (the design's stated exception): every other module goes through these two functions.
 */

export interface WallClock {
  readonly year: number;
  /** 1-12. */
  readonly month: number;
  readonly day: number;
  readonly hours: number;
  readonly minutes: number;
}

/** The wall-clock date and time of an instant in a zone. */
export const wallClockOf = (at: Date, timeZone: string): WallClock => {
  const z = new TZDate(at.getTime(), timeZone);
  return {
    year: z.getFullYear(),
    month: z.getMonth() + 1,
    day: z.getDate(),
    hours: z.getHours(),
    minutes: z.getMinutes(),
  };
};

/**
 * The instant of a wall-clock time in a zone. A time that does not exist (the hour skipped when
 * clocks go forward) moves forward by that hour; a time that exists twice (clocks go back) is the
 * first of the two.
 */
export const instantAt = (
  at: {
    readonly year: number;
    readonly month: number;
    readonly day: number;
    readonly hours: number;
    readonly minutes: number;
    readonly seconds?: number;
    readonly ms?: number;
  },
  timeZone: string,
): Date => new Date(new TZDate(at.year, at.month - 1, at.day, at.hours, at.minutes, at.seconds ?? 0, at.ms ?? 0, timeZone).getTime());

/** The calendar day ("YYYY-MM-DD") of an instant in a zone. */
export const localDayOf = (at: Date, timeZone: string): string => {
  const d = wallClockOf(at, timeZone);
  return `${String(d.year).padStart(4, "0")}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
};
