/** The gallery's icons as 24×24 stroke paths (the shell's style), inline so nothing else ships. */
const PATHS = {
  upload: ["M12 15V3", "M7 8l5-5 5 5", "M4 15v5h16v-5"],
  search: ["M10.5 4a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13", "M20 20l-4.8-4.8"],
  grid: ["M4 4h7v7H4z", "M13 4h7v7h-7z", "M4 13h7v7H4z", "M13 13h7v7h-7z"],
  list: ["M8 6h13", "M8 12h13", "M8 18h13", "M3.5 6h.01", "M3.5 12h.01", "M3.5 18h.01"],
  trash: ["M3 6h18", "M8 6V4h8v2", "M6 6l1 14h10l1-14", "M10 11v6", "M14 11v6"],
  tag: ["M3 3h8l10 10-8 8L3 11z", "M7.5 6.5a1 1 0 1 0 0 2a1 1 0 1 0 0-2"],
  play: ["M8 5l11 7-11 7z"],
  image: ["M3 4h18v16H3z", "M8.5 8a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3", "M21 15l-5-5L5 20"],
  film: ["M3 4h18v16H3z", "M7 4v16", "M17 4v16", "M3 9h4", "M3 15h4", "M17 9h4", "M17 15h4"],
  x: ["M18 6L6 18", "M6 6l12 12"],
  plus: ["M12 5v14", "M5 12h14"],
  external: ["M14 4h6v6", "M20 4l-9 9", "M18 14v6H4V6h6"],
} as const;

export type MediaIconName = keyof typeof PATHS;

export function MediaIcon({ name, size = 18 }: { readonly name: MediaIconName; readonly size?: number }) {
  return (
    <svg
      className="media-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
