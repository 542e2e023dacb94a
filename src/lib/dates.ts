/**
 * Calendar days and local times in a time zone, with Intl (no date library on the client). Days are
 * written YYYY-MM-DD; arithmetic on them is done in UTC, where every day has 24 hours.
 */
import { addDays, monthStartOf } from "../../domain/shared/calendar-days";

export { addDays, monthStartOf };

const utcOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Making an Intl.DateTimeFormat costs far more than using one: pages that place thousands of posts reuse them. */
const formatters = new Map<string, Intl.DateTimeFormat>();
export const formatter = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const key = `${locale}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, options);
    if (formatters.size > 200) formatters.clear();
    formatters.set(key, made);
  }
  return made;
};

/** The local calendar date ("YYYY-MM-DD") of an instant in a time zone. */
export const localDate = (at: Date, timeZone: string): string => formatter("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);

/** "10:30 AM" in a time zone. */
export const localTime = (at: Date, timeZone: string): string => formatter("en-US", { timeZone, hour: "numeric", minute: "2-digit" }).format(at);

/** Sunday = 0 … Saturday = 6. */
export const weekdayOf = (day: string): number => new Date(utcOf(day)).getUTCDay();

/** A day written with Intl options, e.g. { month: "long", year: "numeric" } → "November 2026". */
export const formatDay = (day: string, options: Intl.DateTimeFormatOptions): string =>
  formatter("en-US", { ...options, timeZone: "UTC" }).format(new Date(utcOf(day)));
