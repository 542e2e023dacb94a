/**
 * The entries of the compose toolbar's Font and Format menus, apart from the code that applies
 * them (text-tools.ts, loaded when a text menu is first opened).
 */

export type FontStyle = "bold" | "italic" | "boldItalic" | "sansBold" | "monospace";

/** Names a screen reader can read; the sample shows the look. */
export const FONT_STYLES: ReadonlyArray<{ readonly id: FontStyle; readonly name: string; readonly sample: string }> = [
  { id: "bold", name: "Bold", sample: "𝐁𝐨𝐥𝐝" },
  { id: "italic", name: "Italic", sample: "𝐼𝑡𝑎𝑙𝑖𝑐" },
  { id: "boldItalic", name: "Bold italic", sample: "𝑩𝒐𝒍𝒅 𝒊𝒕𝒂𝒍𝒊𝒄" },
  { id: "sansBold", name: "Sans bold", sample: "𝗦𝗮𝗻𝘀 𝗯𝗼𝗹𝗱" },
  { id: "monospace", name: "Monospace", sample: "𝙼𝚘𝚗𝚘𝚜𝚙𝚊𝚌𝚎" },
];

export type TextFormat = "upper" | "lower" | "title" | "sentence";

export const TEXT_FORMATS: ReadonlyArray<{ readonly id: TextFormat; readonly label: string }> = [
  { id: "upper", label: "UPPERCASE" },
  { id: "lower", label: "lowercase" },
  { id: "title", label: "Title Case" },
  { id: "sentence", label: "Sentence case" },
];

