/**
 * Calendar days and local times in a time zone, with Intl (no date library on the client). Days are
 * written YYYY-MM-DD; arithmetic on them is done in UTC, where every day has 24 hours.
 */

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

const DAY_MS = 86_400_000;
const utcOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, days: number): string => dayOf(utcOf(day) + days * DAY_MS);

/** Sunday = 0 … Saturday = 6. */
export const weekdayOf = (day: string): number => new Date(utcOf(day)).getUTCDay();

/** The first day of the month `months` after (or before) the month of `day`. */
export const monthStartOf = (day: string, months = 0): string => {
  const d = new Date(utcOf(day));
  return dayOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
};

/** A day written with Intl options, e.g. { month: "long", year: "numeric" } → "November 2026". */
export const formatDay = (day: string, options: Intl.DateTimeFormatOptions): string =>
  formatter("en-US", { ...options, timeZone: "UTC" }).format(new Date(utcOf(day)));
