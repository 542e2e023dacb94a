/**
 * The shell's icons as SVG path data (24×24 grid, drawn as 2px strokes with round caps/joins),
 * so no icon package ships to the browser. Render with `Icon.astro`.
 */

/** A circle as path data (the shell draws everything as <path>). */
const circle = (cx: number, cy: number, r: number): string =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

export const ICONS = {
  dashboard: ["M3 3h7v9H3z", "M14 3h7v5h-7z", "M14 12h7v9h-7z", "M3 16h7v5H3z"],
  plug: ["M9 2v5", "M15 2v5", "M6 7h12v4a6 6 0 0 1-12 0z", "M12 17v5"],
  inbox: ["M3 13l3-8h12l3 8", "M3 13v6h18v-6", "M3 13h5l1 3h6l1-3h5"],
  message: ["M4 4h16v12H9l-5 4z"],
  comments: ["M3 4h13v9H8l-5 4z", "M19 8h2v12l-4-3h-7v-2"],
  reply: ["M9 14L4 9l5-5", "M4 9h10a6 6 0 0 1 6 6v4"],
  image: ["M3 4h18v16H3z", circle(8.5, 9.5, 1.5), "M21 15l-5-5L5 20"],
  tag: ["M3 3h8l10 10-8 8L3 11z", circle(7.5, 7.5, 1)],
  pen: ["M12 20h9", "M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4z"],
  calendar: ["M3 5h18v16H3z", "M3 10h18", "M8 3v4", "M16 3v4"],
  list: ["M8 6h13", "M8 12h13", "M8 18h13", "M3.5 6h.01", "M3.5 12h.01", "M3.5 18h.01"],
  rss: ["M4 11a9 9 0 0 1 9 9", "M4 4a16 16 0 0 1 16 16", circle(5, 19, 1)],
  file: ["M14 3H5v18h14V8z", "M14 3v5h5", "M9 13h6", "M9 17h6"],
  upload: ["M12 15V3", "M7 8l5-5 5 5", "M4 15v5h16v-5"],
  hash: ["M4 9h16", "M4 15h16", "M10 3L8 21", "M16 3l-2 18"],
  radar: [
    circle(12, 12, 2),
    "M16.24 7.76a6 6 0 0 1 0 8.49",
    "M7.76 16.24a6 6 0 0 1 0-8.49",
    "M19.07 4.93a10 10 0 0 1 0 14.14",
    "M4.93 19.07a10 10 0 0 1 0-14.14",
  ],
  chart: ["M3 3v18h18", "M8 17v-5", "M13 17V8", "M18 17v-3"],
  star: ["M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z"],
  link: [
    "M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1",
    "M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1",
  ],
  users: [circle(9, 8, 3.5), "M2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1", "M16 4.5a3.5 3.5 0 0 1 0 7", "M22 21v-1a6 6 0 0 0-4-5.65"],
  help: [circle(12, 12, 9), "M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3", "M12 17h.01"],
  card: ["M2 5h20v14H2z", "M2 10h20", "M6 15h4"],
  sliders: ["M4 21v-7", "M4 10V3", "M12 21v-9", "M12 8V3", "M20 21v-5", "M20 12V3", "M1 14h6", "M9 8h6", "M17 16h6"],
  chevronDown: ["M6 9l6 6 6-6"],
  menu: ["M3 6h18", "M3 12h18", "M3 18h18"],
  close: ["M18 6L6 18", "M6 6l12 12"],
  logout: ["M9 21H5V3h4", "M16 17l5-5-5-5", "M21 12H9"],
  check: ["M20 6L9 17l-5-5"],
  lock: ["M5 11h14v10H5z", "M8 11V7a4 4 0 0 1 8 0v4"],
  clock: [circle(12, 12, 9), "M12 7v5l3 2"],
  arrowLeft: ["M19 12H5", "M12 19l-7-7 7-7"],
} as const satisfies Record<string, ReadonlyArray<string>>;

export type IconName = keyof typeof ICONS;
