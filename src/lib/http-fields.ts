import type { z } from "zod";

/** Field messages of a zod failure, first message per field (the spec's texts). */
export const fieldErrors = (error: z.ZodError): Record<string, string> => {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  return fields;
};

export const NUL_MESSAGE = "Remove the NUL character (U+0000): text cannot hold it.";
export const BROKEN_TEXT_MESSAGE = "This text holds a broken character (half of an emoji or symbol): retype it.";

/** Why PostgreSQL could not store this text (U+0000, or a lone UTF-16 surrogate in JSON), or null. */
const unstorable = (text: string): string | null =>
  text.includes("\u0000") ? NUL_MESSAGE : text.isWellFormed() ? null : BROKEN_TEXT_MESSAGE;

/**
 * The first string (or key) PostgreSQL could not store, with its path and the message to show, or
 * null: such input is refused at the edge instead of failing in the database.
 */
export const unstorableText = (value: unknown, path: ReadonlyArray<string> = []): { readonly path: string; readonly message: string } | null => {
  if (typeof value === "string") {
    const message = unstorable(value);
    return message ? { path: path.join(".") || "_", message } : null;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = unstorableText(item, [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const message = unstorable(key);
      if (message) return { path: [...path, key.replaceAll("\u0000", "").toWellFormed()].join("."), message };
      const found = unstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
};
