/**
 * What the toolbar's text menus do and the Font and Format entries (TextTools.tsx): loaded when a
 * text menu first opens, with the text tools (text-tools.ts) and the emoji grid.
 */
import type { MenuItem } from "../../components/ui/Menu";
import { api } from "../../lib/api/client";
import { toast } from "../../islands/toast/toast-store";
import { FONT_STYLES, type FontStyle, TEXT_FORMATS, type TextFormat } from "./text-menus";
import { applyFont, applyFormat, changeSelection, frequentHashtags, insertAtCaret, type Selection, toPlain } from "./text-tools";

export { default as EmojiGrid } from "./EmojiGrid";
export { insertAtCaret };

type Edit = (result: { text: string; selection: Selection }) => void;

/** A font (`font`), a letter case (`format`) or plain letters again (`plain`) on the selection, or on the whole text when nothing is selected. */
export type Restyle = { readonly font: FontStyle } | { readonly format: TextFormat } | { readonly plain: true };

export const restyle = (content: string, selection: Selection, style: Restyle, label: string, edit: Edit) => {
  if (content === "") {
    toast({ title: "No text yet", description: "Write something first, then select the part to change.", variant: "destructive" });
    return;
  }
  edit(
    changeSelection(content, selection, (part) =>
      "font" in style ? applyFont(part, style.font) : "format" in style ? applyFormat(part, style.format) : toPlain(part),
    ),
  );
  if ("plain" in style) toast({ title: "Font Applied", description: "Normal letters again." });
  else toast({ title: "font" in style ? "Font Applied" : "Text Formatted", description: `${label} applied to your text.` });
};

/** What the Hashtag menu offers: the workspace's saved hashtag groups, then the hashtags of its last 100 posts, most used first. */
export interface HashtagChoices {
  readonly groups: ReadonlyArray<{ readonly name: string; readonly tags: ReadonlyArray<string> }>;
  readonly recent: ReadonlyArray<string>;
}

/** Either list unreadable (a plan without hashtag research answers 403 for the groups) is offered empty. */
export const hashtagChoices = (): Promise<HashtagChoices> =>
  Promise.all([
    api.get("/api/hashtag-groups").catch(() => []),
    api
      .get("/api/posts", { query: { limit: "100" } })
      .then((page) => frequentHashtags(page.items.map((p) => p.content)))
      .catch(() => []),
  ]).then(([groups, recent]) => ({ groups, recent }));

/** The Font menu's entries: each style, then plain letters again. */
export const fontItems = (restyle: (style: Restyle, label: string) => void): ReadonlyArray<MenuItem> => [
  ...FONT_STYLES.map((f) => ({ label: f.name, hint: f.sample, onSelect: () => restyle({ font: f.id }, f.name) })),
  { label: "Normal", hint: "Plain letters again", onSelect: () => restyle({ plain: true }, "Normal") },
];

/** The Format menu's entries: the letter cases. */
export const formatItems = (restyle: (style: Restyle, label: string) => void): ReadonlyArray<MenuItem> =>
  TEXT_FORMATS.map((f) => ({ label: f.label, onSelect: () => restyle({ format: f.id }, f.label) }));

/** The Hashtag menu's entries: "#" at the caret, the saved groups (each inserted whole), then the recent hashtags (null: still being read). */
export const hashtagItems = (choices: HashtagChoices | null, insertText: (text: string, spaced: boolean) => void): ReadonlyArray<MenuItem> => [
  { label: "Insert #", hint: "Start a hashtag at the cursor.", onSelect: () => insertText("#", true) },
  ...(choices === null
    ? [{ label: "Loading your hashtags…", disabled: true }]
    : [
        ...choices.groups.map((group) => ({
          label: group.name,
          hint: `Saved group: ${group.tags.join(" ")}`,
          onSelect: () => insertText(group.tags.join(" "), true),
        })),
        ...(choices.recent.length === 0
          ? [{ label: "No hashtags in your posts yet", disabled: true }]
          : choices.recent.map((tag) => ({ label: tag, hint: "Used in your posts", onSelect: () => insertText(tag, true) }))),
      ]),
];

/** The More menu's entries; `copyText` is the page's own (a clipboard write must follow the click at once). */
export const moreItems = (more: {
  readonly hasText: boolean;
  readonly hasMedia: boolean;
  readonly copyText: () => Promise<void>;
  readonly clearMedia: () => void;
  readonly clearText: () => void;
}): ReadonlyArray<MenuItem> => [
  { label: "Copy text", disabled: !more.hasText, onSelect: () => void more.copyText() },
  { label: "Remove all media", disabled: !more.hasMedia, onSelect: more.clearMedia },
  { label: "Clear text", disabled: !more.hasText, onSelect: more.clearText },
];
