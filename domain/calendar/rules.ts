import { isCalendarDate } from "../shared/calendar-days";

export { daysBetween, isCalendarDate } from "../shared/calendar-days";

/**
 * The rules of a calendar note's fields (spec core §3, §5, §9), free of Effect so the calendar's
 * islands can import them too.
 */

/**
 * The 14 preset note colours (spec core §9) with the colour picker's names, amber first: it is the
 * default (§3, §10). Kept and answered as seven-character upper-case hex.
 */
const NOTE_PALETTE = {
  "#FBBF24": "Amber",
  "#FB923C": "Orange",
  "#F87171": "Red",
  "#F472B6": "Pink",
  "#E879F9": "Fuchsia",
  "#A78BFA": "Violet",
  "#818CF8": "Indigo",
  "#60A5FA": "Blue",
  "#22D3EE": "Cyan",
  "#2DD4BF": "Teal",
  "#4ADE80": "Green",
  "#A3E635": "Lime",
  "#A8A29E": "Stone",
  "#94A3B8": "Slate",
} as const;
export type NoteColor = keyof typeof NOTE_PALETTE;
export const NOTE_COLORS = Object.keys(NOTE_PALETTE) as [NoteColor, ...NoteColor[]];
export const DEFAULT_NOTE_COLOR: NoteColor = "#FBBF24";

/** Names for the colour picker's labels. */
export const NOTE_COLOR_NAMES: Readonly<Record<NoteColor, string>> = NOTE_PALETTE;

/** Posts of each kind a month cell carries before "+N more" (and GET /api/calendar's default). */
export const CALENDAR_PER_DAY = 3;

export const NOTE_CONTENT_MAX = 1000;

/** What a person reads when a note field is wrong (the content's is the spec's, core §5). */
/** The spec's message for an empty note (core §5), on its own so the calendar's island carries only it. */
export const NOTE_CONTENT_REQUIRED = "Please enter some content for your note.";

export const NOTE_MESSAGES = {
  contentRequired: NOTE_CONTENT_REQUIRED,
  contentTooLong: `A note can be at most ${NOTE_CONTENT_MAX} characters.`,
  color: "Choose one of the note colours.",
  date: "Choose a valid date.",
} as const;

/** A colour as kept: one of the presets, whatever the letter case given. */
export const normalizeNoteColor = (value: unknown): NoteColor | null => {
  if (typeof value !== "string") return null;
  const upper = value.trim().toUpperCase();
  return (NOTE_COLORS as ReadonlyArray<string>).includes(upper) ? (upper as NoteColor) : null;
};

export const isNoteColor = (value: unknown): value is NoteColor => typeof value === "string" && (NOTE_COLORS as ReadonlyArray<string>).includes(value);

/** Content as kept: trimmed at both ends, its lines and inner spacing as written. */
export const normalizeNoteContent = (content: string) => content.trim();

export interface NoteFieldsInput {
  readonly date?: string;
  readonly content?: string;
  readonly color?: string;
}

export interface NoteFields {
  readonly date?: string;
  readonly content?: string;
  readonly color?: NoteColor;
}

/**
 * Checks and normalises the fields given (absent ones stay absent): the clean values, or one
 * message per wrong field.
 */
export const checkNoteFields = (
  input: NoteFieldsInput,
): { readonly ok: true; readonly fields: NoteFields } | { readonly ok: false; readonly errors: Record<string, string> } => {
  const errors: Record<string, string> = {};
  const fields: { -readonly [K in keyof NoteFields]: NoteFields[K] } = {};
  if (input.date !== undefined) {
    if (isCalendarDate(input.date)) fields.date = input.date;
    else errors.date = NOTE_MESSAGES.date;
  }
  if (input.content !== undefined) {
    const content = typeof input.content === "string" ? normalizeNoteContent(input.content) : "";
    if (content === "") errors.content = NOTE_MESSAGES.contentRequired;
    else if (content.length > NOTE_CONTENT_MAX) errors.content = NOTE_MESSAGES.contentTooLong;
    else fields.content = content;
  }
  if (input.color !== undefined) {
    const color = normalizeNoteColor(input.color);
    if (color) fields.color = color;
    else errors.color = NOTE_MESSAGES.color;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, fields };
};
