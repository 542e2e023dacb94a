/*
 * An agency's client reports: the analytics figures of one client for a period, downloaded as CSV or
 * PDF, or e-mailed on a schedule (weekly or monthly) under the agency's white label.
 */
import { isCalendarDate } from "../shared/calendar-days";

export const REPORT_FREQUENCIES = ["weekly", "monthly"] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const isReportFrequency = (value: string): value is ReportFrequency => (REPORT_FREQUENCIES as ReadonlyArray<string>).includes(value);

/** A report covers at most a year and a day (a leap year's span), and at most 10 people receive it. */
export const REPORT_MAX_DAYS = 366;
export const REPORT_MAX_RECIPIENTS = 10;

export const REPORT_MESSAGES = {
  frequency: "Choose how often: weekly or monthly.",
  recipients: `Enter 1 to ${REPORT_MAX_RECIPIENTS} e-mail addresses, separated by commas.`,
  recipientInvalid: (address: string) => `"${address}" isn't a valid e-mail address.`,
  from: "Choose the first day of the report.",
  to: "Choose the last day of the report.",
  order: "The report's last day comes on or after its first day.",
  future: "The report can end today at the latest.",
  tooLong: `A report covers at most ${REPORT_MAX_DAYS} days.`,
  format: "Choose PDF or CSV.",
} as const;

/** A span of local calendar days, both included. */
export interface ReportPeriod {
  readonly from: string;
  readonly to: string;
}

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** The addresses of a comma- (or line-) separated list, trimmed, lower-case and once each; or the sentence refusing them. */
export const recipientsOf = (
  input: string | ReadonlyArray<string>,
): { readonly ok: true; readonly recipients: ReadonlyArray<string> } | { readonly ok: false; readonly message: string } => {
  const parts = (typeof input === "string" ? input.split(/[,;\n]/) : input).map((a) => a.trim().toLowerCase()).filter((a) => a !== "");
  const recipients = [...new Set(parts)];
  if (recipients.length === 0 || recipients.length > REPORT_MAX_RECIPIENTS) return { ok: false, message: REPORT_MESSAGES.recipients };
  const bad = recipients.find((a) => !EMAIL.test(a));
  return bad ? { ok: false, message: REPORT_MESSAGES.recipientInvalid(bad) } : { ok: true, recipients };
};

const DAY_MS = 86_400_000;
const utc = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, days: number) => dayOf(utc(day) + days * DAY_MS);
export const daysIn = (period: ReportPeriod) => Math.round((utc(period.to) - utc(period.from)) / DAY_MS) + 1;

/** Every day of the period, in order. */
export const daysOf = (period: ReportPeriod): ReadonlyArray<string> => Array.from({ length: daysIn(period) }, (_, i) => addDays(period.from, i));

/** A period asked for (a download), or the field and sentence refusing it; `today` is the caller's local day. */
export const periodOf = (
  from: string | null | undefined,
  to: string | null | undefined,
  today: string,
): { readonly ok: true; readonly period: ReportPeriod } | { readonly ok: false; readonly field: "from" | "to"; readonly message: string } => {
  if (!isCalendarDate(from)) return { ok: false, field: "from", message: REPORT_MESSAGES.from };
  if (!isCalendarDate(to)) return { ok: false, field: "to", message: REPORT_MESSAGES.to };
  if (to < from) return { ok: false, field: "to", message: REPORT_MESSAGES.order };
  if (to > today) return { ok: false, field: "to", message: REPORT_MESSAGES.future };
  if (daysIn({ from, to }) > REPORT_MAX_DAYS) return { ok: false, field: "from", message: REPORT_MESSAGES.tooLong };
  return { ok: true, period: { from, to } };
};

/** The last 30 days up to today: what the download offers first. */
export const lastThirtyDays = (today: string): ReportPeriod => ({ from: addDays(today, -29), to: today });

/**
 * The latest period a schedule has finished by `today` (a local day): for weekly, Monday to Sunday of
 * last week; for monthly, last calendar month.
 */
export const lastFinishedPeriod = (frequency: ReportFrequency, today: string): ReportPeriod => {
  if (frequency === "weekly") {
    const weekday = (new Date(utc(today)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
    const monday = addDays(today, -weekday - 7);
    return { from: monday, to: addDays(monday, 6) };
  }
  const firstOfThisMonth = `${today.slice(0, 8)}01`;
  const to = addDays(firstOfThisMonth, -1);
  return { from: `${to.slice(0, 8)}01`, to };
};

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const short = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]!.slice(0, 3)} ${Number(day.slice(8, 10))}`;

/** The period in words: "October 2026" for a whole month, else "Oct 5 – 11, 2026" or "Dec 28, 2026 – Jan 3, 2027". */
export const periodLabel = ({ from, to }: ReportPeriod): string => {
  const wholeMonth = from.endsWith("-01") && from.slice(0, 7) === to.slice(0, 7) && addDays(to, 1).endsWith("-01");
  if (wholeMonth) return `${MONTHS[Number(from.slice(5, 7)) - 1]} ${from.slice(0, 4)}`;
  if (from === to) return `${short(from)}, ${from.slice(0, 4)}`;
  if (from.slice(0, 4) !== to.slice(0, 4)) return `${short(from)}, ${from.slice(0, 4)} – ${short(to)}, ${to.slice(0, 4)}`;
  if (from.slice(0, 7) === to.slice(0, 7)) return `${short(from)} – ${Number(to.slice(8, 10))}, ${to.slice(0, 4)}`;
  return `${short(from)} – ${short(to)}, ${to.slice(0, 4)}`;
};
