/** Calendar days written YYYY-MM-DD: the one check and the one difference, for notes, repeats and ranges. */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (no 2026-02-30, no 2026-1-5). */
export const isCalendarDate = (value: unknown): value is string => {
  if (typeof value !== "string") return false;
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => {
  const at = (value: string) => {
    const [y, m, d] = value.split("-").map(Number);
    const date = new Date(Date.UTC(2000, m - 1, d));
    date.setUTCFullYear(y);
    return date.getTime();
  };
  return Math.round((at(to) - at(from)) / 86_400_000);
};

const DAY_MS = 86_400_000;
const utcOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The calendar day `days` after (or before) `day`. */
export const addDays = (day: string, days: number): string => dayOf(utcOf(day) + days * DAY_MS);

/** The first day of `day`'s month, or of the month `months` after (or before) it. */
export const monthStartOf = (day: string, months = 0): string => {
  const d = new Date(utcOf(day));
  return dayOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
};
