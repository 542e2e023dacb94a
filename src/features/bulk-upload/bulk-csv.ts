import { parse } from "csv-parse/browser/esm/sync";
import { BULK_MAX_ROWS } from "../../../domain/publishing/bulk";
import { readBulkRow } from "../../../infra/publishing/bulk-schemas";

/** A row of the preview (spec engagement §3 "Bulk post row"): what the file says, where it stands, and why not when it cannot go. */
export interface BulkPreviewRow {
  readonly content: string;
  readonly scheduledDate: string;
  readonly scheduledTime: string;
  readonly platforms: ReadonlyArray<string>;
  readonly media: ReadonlyArray<string>;
  readonly status: "pending" | "processing" | "scheduled" | "error";
  readonly error: string | null;
}

export type BulkPreviewFields = Pick<BulkPreviewRow, "content" | "scheduledDate" | "scheduledTime" | "platforms" | "media">;

export const BULK_COLUMNS = ["content", "date", "time", "platforms", "media"] as const;

export const BULK_DEFAULT_TIME = "12:00";
export const BULK_DEFAULT_PLATFORMS = ["instagram"] as const;

const dayAfter = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A file to start from, its posts a week after `today`: the columns, a row with a quoted comma, one with two platforms, one with a picture. */
export const bulkTemplate = (today: string) =>
  "content,date,time,platforms,media\n" +
  `"Our winter hours start Monday: 8am to 6pm, Saturdays too.",${dayAfter(today, 7)},09:00,instagram;facebook,\n` +
  `Book your check-up online in two minutes.,${dayAfter(today, 8)},12:30,linkedin,\n` +
  `A look inside our new office.,${dayAfter(today, 9)},17:15,instagram,https://example.com/office.jpg\n`;

/** Cells separated by semicolons ("instagram;facebook"), blanks left out. */
const listOf = (cell: string) =>
  cell
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean);

/** A row checked by the rules POST /api/posts/bulk reads it with: pending, or in error with the first sentence against it. */
export const checkedRow = (fields: BulkPreviewFields): BulkPreviewRow => {
  const read = readBulkRow(fields);
  return { ...fields, status: read.ok ? "pending" : "error", error: read.ok ? null : read.message };
};

/**
 * A bulk upload file read by the spec's rules (engagement §5): a header row, lower-cased; rows of
 * fewer than 3 cells skipped; rows without content dropped; date (YYYY-MM-DD) today, time (HH:MM)
 * 12:00 and platforms instagram when left out; platforms and media separated by semicolons. Quoted
 * cells may hold commas and line breaks; a byte-order mark and CRLF line ends are read as such.
 * `today` is YYYY-MM-DD in the person's zone. Throws a sentence when the file itself cannot be read.
 */
export const parseBulkCsv = (text: string, today: string): ReadonlyArray<BulkPreviewRow> => {
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true });
  } catch (error) {
    throw new Error(`This CSV file cannot be read: ${error instanceof Error ? error.message.replace(/^Invalid\s+/i, "").slice(0, 160) : "unknown error"}.`);
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map((name) => name.trim().toLowerCase());
  if (!columns.includes("content")) {
    throw new Error(`The first row must name the columns: ${BULK_COLUMNS.join(", ")} (found: ${columns.join(", ") || "nothing"}).`);
  }
  const kept = rows.filter((cells) => cells.length >= 3);
  if (kept.length > BULK_MAX_ROWS) {
    throw new Error(
      `A bulk upload holds at most ${BULK_MAX_ROWS.toLocaleString("en-US")} posts; this file has ${kept.length.toLocaleString("en-US")}. Split it.`,
    );
  }
  return kept.flatMap((cells) => {
    const cell = (name: (typeof BULK_COLUMNS)[number]) => {
      const at = columns.indexOf(name);
      return at < 0 ? "" : (cells[at] ?? "").trim();
    };
    const content = cell("content");
    if (!content) return [];
    const platforms = listOf(cell("platforms"));
    return [
      checkedRow({
        content,
        scheduledDate: cell("date") || today,
        scheduledTime: cell("time") || BULK_DEFAULT_TIME,
        platforms: platforms.length > 0 ? platforms : [...BULK_DEFAULT_PLATFORMS],
        media: listOf(cell("media")),
      }),
    ];
  });
};
