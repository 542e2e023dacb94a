/** How the templates' grid shows and finds templates (spec engagement §2). */

/** Spec §2: a card shows 3 platform icons and 5 hashtags; the rest are counted. */
export const CARD_PLATFORMS = 3;
export const CARD_HASHTAGS = 5;

/** The first `max` items and how many are left out. */
export const firstOf = <T>(items: ReadonlyArray<T>, max: number): { readonly shown: ReadonlyArray<T>; readonly more: number } => ({
  shown: items.slice(0, max),
  more: Math.max(0, items.length - max),
});

interface Searchable {
  readonly name: string;
  readonly content: string;
  readonly hashtags: ReadonlyArray<string>;
}

/** The templates whose name, content or hashtags hold every word of the search (letter case aside, a leading # optional). */
export const templatesMatching = <T extends Searchable>(templates: ReadonlyArray<T>, search: string): ReadonlyArray<T> => {
  const words = search
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^#+/, ""))
    .filter((word) => word !== "");
  if (words.length === 0) return templates;
  return templates.filter((template) => {
    const text = `${template.name}\n${template.content}\n${template.hashtags.join(" ")}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
};

export const usageLabel = (count: number) => (count === 0 ? "Not used yet" : count === 1 ? "Used once" : `Used ${count.toLocaleString("en-US")} times`);
