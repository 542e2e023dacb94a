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

export const NOTE_CONTENT_MAX = 1000;

/** What a person reads when a note field is wrong (the content's is the spec's, core §5). */
export const NOTE_MESSAGES = {
  contentRequired: "Please enter some content for your note.",
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
