import { InvalidInput } from "../shared";

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;

/**
 * Tags as kept: trimmed, inner spaces collapsed, a leading # dropped, duplicates (ignoring case)
 * removed keeping the first spelling; empty ones ignored. Too many or too long is an InvalidInput.
 */
export const normalizeTags = (tags: ReadonlyArray<string>): { ok: true; tags: ReadonlyArray<string> } | { ok: false; error: InvalidInput } => {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of tags) {
    const tag = raw.replace(/\s+/g, " ").trim().replace(/^#+/, "").trim();
    if (tag === "") continue;
    if (tag.length > MAX_TAG_LENGTH) {
      return { ok: false, error: new InvalidInput({ message: `A tag can be up to ${MAX_TAG_LENGTH} characters.`, fields: { tags: `A tag can be up to ${MAX_TAG_LENGTH} characters.` } }) };
    }
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
  }
  if (kept.length > MAX_TAGS) {
    return { ok: false, error: new InvalidInput({ message: `A file can have up to ${MAX_TAGS} tags.`, fields: { tags: `A file can have up to ${MAX_TAGS} tags.` } }) };
  }
  return { ok: true, tags: kept };
};

export const sameTags = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): boolean =>
  a.length === b.length && a.every((tag, i) => tag === b[i]);
