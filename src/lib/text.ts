/** A one-line start of a text for labels and lists: whitespace collapsed, cut with "…" at `length`. */
export const excerpt = (content: string, length: number) => {
  const text = content.replace(/\s+/g, " ").trim();
  return text.length > length ? `${text.slice(0, length - 1)}…` : text || "(no text)";
};

/** Items as a sentence lists them: "a", "a and b", "a, b and c". */
export const listed = (items: ReadonlyArray<string>): string =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
