import { z } from "zod";
import { daysBetween, isCalendarDate, NOTE_MESSAGES } from "../../../domain/calendar/rules";
import { CALENDAR_PER_DAY } from "./calendar-model";

/** The longest range GET /api/calendar answers: two months, more than the six weeks a month grid shows. */
export const CALENDAR_RANGE_MAX_DAYS = 62;

export const CALENDAR_MESSAGES = {
  order: "The end date must be on or after the start date.",
  span: `Choose a range of at most ${CALENDAR_RANGE_MAX_DAYS} days.`,
  perDay: "perDay must be between 1 and 50.",
} as const;

const date = z.string({ error: NOTE_MESSAGES.date }).refine(isCalendarDate, NOTE_MESSAGES.date);

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD (both inclusive, in the user's time zone)&perDay=3. */
export const calendarQuerySchema = z
  .object({
    from: date,
    to: date,
    perDay: z.coerce.number({ error: CALENDAR_MESSAGES.perDay }).int(CALENDAR_MESSAGES.perDay).min(1, CALENDAR_MESSAGES.perDay).max(50, CALENDAR_MESSAGES.perDay).default(CALENDAR_PER_DAY),
  })
  .superRefine((range, context) => {
    if (!isCalendarDate(range.from) || !isCalendarDate(range.to)) return;
    const days = daysBetween(range.from, range.to);
    if (days < 0) context.addIssue({ code: "custom", path: ["to"], message: CALENDAR_MESSAGES.order });
    else if (days + 1 > CALENDAR_RANGE_MAX_DAYS) context.addIssue({ code: "custom", path: ["to"], message: CALENDAR_MESSAGES.span });
  });

export type CalendarRange = z.infer<typeof calendarQuerySchema>;
