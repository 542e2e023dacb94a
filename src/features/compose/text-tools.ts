/**
 * The compose toolbar's text tools (spec core §2: Emoji, Hashtag, Font, Format, More). Social
 * platforms take plain text only, so "fonts" are Unicode's mathematical letter styles, the way
 * people write bold or italic on them; formats change letter case. Each works on the selection, or
 * on the whole text when nothing is selected.
 */

import { hashtagsIn } from "../../../domain/hashtags/rules";
import type { FontStyle, TextFormat } from "./text-menus";


/** First code point of A, of a, and of 0 (null: the style has no digits) in each style. */
const STARTS: Record<FontStyle, { upper: number; lower: number; digit: number | null }> = {
  bold: { upper: 0x1d400, lower: 0x1d41a, digit: 0x1d7ce },
  italic: { upper: 0x1d434, lower: 0x1d44e, digit: null },
  boldItalic: { upper: 0x1d468, lower: 0x1d482, digit: null },
  sansBold: { upper: 0x1d5d4, lower: 0x1d5ee, digit: 0x1d7ec },
  monospace: { upper: 0x1d670, lower: 0x1d68a, digit: 0x1d7f6 },
};

/** Unicode left holes where the letter already existed elsewhere (italic h is the Planck constant). */
const EXCEPTIONS: Partial<Record<FontStyle, Record<string, string>>> = { italic: { h: "\u210e" } };

const styledChar = (char: string, style: FontStyle): string => {
  const exception = EXCEPTIONS[style]?.[char];
  if (exception) return exception;
  const code = char.charCodeAt(0);
  const start = STARTS[style];
  if (code >= 65 && code <= 90) return String.fromCodePoint(start.upper + code - 65);
  if (code >= 97 && code <= 122) return String.fromCodePoint(start.lower + code - 97);
  if (code >= 48 && code <= 57 && start.digit !== null) return String.fromCodePoint(start.digit + code - 48);
  return char;
};

/** Every styled character back to its plain letter or digit. */
const PLAIN = new Map<string, string>();
for (const style of Object.keys(STARTS) as FontStyle[]) {
  for (const plain of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") {
    const styled = styledChar(plain, style);
    if (styled !== plain) PLAIN.set(styled, plain);
  }
}

export const toPlain = (text: string): string => Array.from(text, (char) => PLAIN.get(char) ?? char).join("");

export const applyFont = (text: string, style: FontStyle): string => Array.from(toPlain(text), (char) => styledChar(char, style)).join("");

export const applyFormat = (text: string, format: TextFormat): string => {
  const plain = toPlain(text);
  switch (format) {
    case "upper":
      return plain.toUpperCase();
    case "lower":
      return plain.toLowerCase();
    case "title":
      // Hashtags, mentions and links keep their case.
      return plain.replace(/(^|\s)([^\s#@]+)/g, (whole, space: string, word: string) =>
        /^https?:/i.test(word) ? whole : `${space}${word.charAt(0).toUpperCase()}${word.slice(1).toLowerCase()}`,
      );
    case "sentence":
      return plain.toLowerCase().replace(/(^\s*|[.!?]\s+)(\p{L})/gu, (_, before: string, letter: string) => `${before}${letter.toUpperCase()}`);
  }
};

export interface Selection {
  readonly start: number;
  readonly end: number;
}

/** Runs `change` on the selected part of `text` (all of it when the selection is empty); the changed part stays selected. */
export const changeSelection = (text: string, selection: Selection, change: (part: string) => string): { text: string; selection: Selection } => {
  const [start, end] = selection.start === selection.end ? [0, text.length] : [selection.start, selection.end];
  const changed = change(text.slice(start, end));
  return { text: text.slice(0, start) + changed + text.slice(end), selection: { start, end: start + changed.length } };
};

/** Puts `insert` at the caret (replacing a selection), with a space before it when it would touch a word; the caret goes after it. */
export const insertAtCaret = (text: string, selection: Selection, insert: string, spaced = false): { text: string; selection: Selection } => {
  const before = text.slice(0, selection.start);
  const gap = spaced && before !== "" && !/\s$/.test(before) ? " " : "";
  const next = `${before}${gap}${insert}${text.slice(selection.end)}`;
  const caret = before.length + gap.length + insert.length;
  return { text: next, selection: { start: caret, end: caret } };
};

/** The hashtags of some texts, most used first (ties: most recent first), without duplicates in any case. */
export const frequentHashtags = (texts: ReadonlyArray<string>, limit = 10): string[] => {
  const counts = new Map<string, { tag: string; count: number; first: number }>();
  texts.forEach((text, index) => {
    for (const tag of hashtagsIn(text)) {
      const key = tag.toLowerCase();
      const seen = counts.get(key);
      if (seen) seen.count++;
      else counts.set(key, { tag, count: 1, first: index });
    }
  });
  return [...counts.values()].sort((a, b) => b.count - a.count || a.first - b.first).slice(0, limit).map((c) => c.tag);
};
