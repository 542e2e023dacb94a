/**
 * Wall-clock arithmetic in IANA time zones, on the platform's own Intl time-zone data (no library,
 * so browser bundles carry none): every other module goes through these functions.
 */

export interface WallClock {
  readonly year: number;
  /** 1-12. */
  readonly month: number;
  readonly day: number;
  readonly hours: number;
  readonly minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (timeZone: string): Intl.DateTimeFormat => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
};

/** Wall clock with seconds: what the offset of a zone at an instant is computed from. */
const partsOf = (ms: number, timeZone: string) => {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(ms)) if (part.type !== "literal") parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hours: parts.hour!, minutes: parts.minute!, seconds: parts.second! };
};

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
const offsetAt = (ms: number, timeZone: string): number => {
  const p = partsOf(ms, timeZone);
  const wholeSecond = ms - (((ms % 1000) + 1000) % 1000);
  return Date.UTC(p.year, p.month - 1, p.day, p.hours, p.minutes, p.seconds) - wholeSecond;
};

/** The wall-clock date and time of an instant in a zone. */
export const wallClockOf = (at: Date, timeZone: string): WallClock => {
  const { year, month, day, hours, minutes } = partsOf(at.getTime(), timeZone);
  return { year, month, day, hours, minutes };
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
): Date => {
  // Date.UTC also normalises overflowing fields (day 32, minute 60) as the wall clock would.
  const local = Date.UTC(at.year, at.month - 1, at.day, at.hours, at.minutes, at.seconds ?? 0, at.ms ?? 0);
  const before = offsetAt(local - DAY_MS, timeZone);
  const after = offsetAt(local + DAY_MS, timeZone);
  const valid = [...new Set([before, after])].map((offset) => local - offset).filter((t) => offsetAt(t, timeZone) === local - t);
  // Two readings: the earlier; none (the skipped hour): read with the offset before the change, which lands after the gap.
  return new Date(valid.length > 0 ? Math.min(...valid) : local - before);
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day ("YYYY-MM-DD") of an instant in a zone. */
export const localDayOf = (at: Date, timeZone: string): string => {
  const d = wallClockOf(at, timeZone);
  return `${String(d.year).padStart(4, "0")}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
};
