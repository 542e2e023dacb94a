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

/**
 * The path of the first string (or key) holding U+0000, or null. PostgreSQL's text cannot store it,
 * so such input is refused at the edge instead of failing in the database.
 */
export const pathWithNul = (value: unknown, path: ReadonlyArray<string> = []): string | null => {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") || "_" : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = pathWithNul(item, [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes("\u0000")) return [...path, key.replaceAll("\u0000", "")].join(".");
      const found = pathWithNul(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
};
