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
 * null: such input is refused at the edge instead of failing in the database. Walks without
 * recursion: a body nested 100,000 deep must not overflow the stack.
 */
export const unstorableText = (value: unknown): { readonly path: string; readonly message: string } | null => {
  // Each entry points to its parent's, so a path is only spelled out for the text refused.
  interface Entry {
    readonly value: unknown;
    readonly key: string | null;
    readonly parent: Entry | null;
  }
  const pathOf = (entry: Entry, last?: string) => {
    const keys: string[] = last === undefined ? [] : [last];
    for (let e: Entry | null = entry; e && e.key !== null; e = e.parent) keys.push(e.key);
    return keys.reverse().join(".") || "_";
  };
  const queue: Entry[] = [{ value, key: null, parent: null }];
  for (let head = 0; head < queue.length; head++) {
    const entry = queue[head]!;
    const current = entry.value;
    if (typeof current === "string") {
      const message = unstorable(current);
      if (message) return { path: pathOf(entry), message };
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => queue.push({ value: item, key: String(i), parent: entry }));
    } else if (current !== null && typeof current === "object") {
      for (const [key, item] of Object.entries(current)) {
        const message = unstorable(key);
        if (message) return { path: pathOf(entry, key.replaceAll("\u0000", "").toWellFormed()), message };
        queue.push({ value: item, key, parent: entry });
      }
    }
  }
  return null;
};

/** Deeper than any body a call takes; deeper still would fail in jsonb or in JSON.stringify. */
export const MAX_BODY_DEPTH = 16;

/** Whether lists and objects nest deeper than `max` (without recursion). */
export const nestsDeeperThan = (value: unknown, max: number): boolean => {
  const pending: Array<{ readonly value: unknown; readonly depth: number }> = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    if (current === null || typeof current !== "object") continue;
    if (depth >= max) return true;
    for (const item of Array.isArray(current) ? current : Object.values(current)) pending.push({ value: item, depth: depth + 1 });
  }
  return false;
};
