import { z } from "zod";
import { daysBetween, isCalendarDate, NOTE_CONTENT_MAX, NOTE_MESSAGES, normalizeNoteColor } from "../../domain/calendar/rules";

/**
 * Calendar note payloads at the HTTP edge (spec core §5, §7). The shape and the messages a person
 * reads; the domain trims the content and normalises the colour's letter case.
 */

/** The longest range GET /api/calendar-notes answers at once: a year and a bit, more than any view. */
export const NOTE_RANGE_MAX_DAYS = 400;

export const NOTE_RANGE_MESSAGES = {
  order: "The end date must be on or after the start date.",
  span: `Choose a range of at most ${NOTE_RANGE_MAX_DAYS} days.`,
} as const;

const date = z.string({ error: NOTE_MESSAGES.date }).refine(isCalendarDate, NOTE_MESSAGES.date);

const content = z
  .string({ error: NOTE_MESSAGES.contentRequired })
  .trim()
  .min(1, NOTE_MESSAGES.contentRequired)
  .max(NOTE_CONTENT_MAX, NOTE_MESSAGES.contentTooLong);

/** One of the 14 presets, in any letter case (the domain keeps it upper-case). */
const color = z.string({ error: NOTE_MESSAGES.color }).refine((value) => normalizeNoteColor(value) !== null, NOTE_MESSAGES.color);

const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

export const createNoteSchema = z.object({
  date,
  content,
  color: optional(color),
});

/** The spec's PUT carries content and colour; `date` moves the note to another day. */
export const updateNoteSchema = z.object({
  date: optional(date),
  content: content.optional(),
  color: optional(color),
  version: z.number({ error: "version must be a whole number" }).int().positive().optional(),
});

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD, either or both, both inclusive. */
export const noteRangeSchema = z
  .object({ from: date.optional(), to: date.optional() })
  .superRefine((range, context) => {
    if (!range.from || !range.to || !isCalendarDate(range.from) || !isCalendarDate(range.to)) return;
    const days = daysBetween(range.from, range.to);
    if (days < 0) context.addIssue({ code: "custom", path: ["to"], message: NOTE_RANGE_MESSAGES.order });
    else if (days + 1 > NOTE_RANGE_MAX_DAYS) context.addIssue({ code: "custom", path: ["to"], message: NOTE_RANGE_MESSAGES.span });
  });

export type CreateNoteInput = z.infer<typeof createNoteSchema>;
export type UpdateNoteInput = z.infer<typeof updateNoteSchema>;
export type NoteRange = z.infer<typeof noteRangeSchema>;
