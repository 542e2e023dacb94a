/** A one-line start of a text for labels and lists: whitespace collapsed, cut with "…" at `length`. */
export const excerpt = (content: string, length: number) => {
  const text = content.replace(/\s+/g, " ").trim();
  return text.length > length ? `${text.slice(0, length - 1)}…` : text || "(no text)";
};
