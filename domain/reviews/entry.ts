import { parse } from "csv-parse/sync";
import { REVIEW_CONTENT_MAX, REVIEW_MESSAGES, REVIEWER_NAME_MAX } from "./rules";

/** A review typed by a person, or a row of a CSV file: for the sites with no API. */
export interface ReviewEntry {
  readonly reviewerName: string;
  readonly rating: number;
  readonly content: string;
  /** YYYY-MM-DD; today when left out. */
  readonly reviewDate?: string | null;
  readonly url?: string | null;
}

export interface CheckedEntry {
  readonly reviewerName: string;
  readonly rating: number;
  readonly content: string;
  readonly reviewedAt: string;
  readonly url: string | null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The entry tidied, or the sentences refusing it by field. `today` is YYYY-MM-DD in UTC. */
export const checkEntry = (entry: ReviewEntry, today: string): { ok: true; value: CheckedEntry } | { ok: false; fields: Record<string, string> } => {
  const fields: Record<string, string> = {};
  const reviewerName = entry.reviewerName.trim().replace(/\s+/g, " ");
  if (reviewerName.length < 1 || reviewerName.length > REVIEWER_NAME_MAX) fields.reviewerName = REVIEW_MESSAGES.reviewerName;
  if (!Number.isInteger(entry.rating) || entry.rating < 1 || entry.rating > 5) fields.rating = REVIEW_MESSAGES.rating;
  const content = entry.content.trim();
  if (content.length > REVIEW_CONTENT_MAX) fields.content = REVIEW_MESSAGES.content;
  const day = entry.reviewDate?.trim() || today;
  const match = DAY.exec(day);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== day || day > today) fields.reviewDate = REVIEW_MESSAGES.reviewDate;
  const url = entry.url?.trim() || null;
  if (url !== null && !isHttpsUrl(url)) fields.url = REVIEW_MESSAGES.url;
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, value: { reviewerName, rating: entry.rating, content, reviewedAt: `${day}T12:00:00.000Z`, url } };
};

const isHttpsUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
};

/** What makes a typed review the same review when it is typed or imported again. */
export const entryKeyOf = (entry: CheckedEntry) =>
  `entered\u0000${entry.reviewerName.toLowerCase()}\u0000${entry.reviewedAt.slice(0, 10)}\u0000${entry.content}`;

export const CSV_MAX_ROWS = 2000;
export const CSV_COLUMNS = ["reviewer_name", "rating", "content", "review_date", "url"] as const;

export type CsvRow = { readonly line: number } & (
  { readonly ok: true; readonly value: CheckedEntry } | { readonly ok: false; readonly errors: ReadonlyArray<string> }
);

/** A header in any of the spellings people use ("Reviewer name", "reviewerName", "reviewer_name"). */
const columnOf = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_")
    .replace(/([a-z])([A-Z])/g, "$1_$2");
const ALIASES: Record<string, (typeof CSV_COLUMNS)[number]> = {
  reviewer_name: "reviewer_name",
  reviewername: "reviewer_name",
  reviewer: "reviewer_name",
  name: "reviewer_name",
  rating: "rating",
  stars: "rating",
  content: "content",
  review: "content",
  text: "content",
  review_date: "review_date",
  reviewdate: "review_date",
  date: "review_date",
  url: "url",
  link: "url",
};

/**
 * A CSV file of reviews (header row; reviewer_name, rating, content, review_date, url), each row
 * checked on its own: the good ones are kept, each bad one says its line and what is wrong.
 * Throws a sentence when the file itself cannot be read.
 */
export const parseReviewCsv = (text: string, today: string): ReadonlyArray<CsvRow> => {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ""), { relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (error) {
    throw new Error(
      `This file is not a CSV file we can read: ${error instanceof Error ? error.message.replace(/^Invalid\s+/i, "").slice(0, 160) : "unknown error"}.`,
    );
  }
  const [header, ...rows] = records;
  if (!header) throw new Error("The file is empty. Put a header row first: reviewer_name,rating,content,review_date,url.");
  const columns = header.map((h) => ALIASES[columnOf(h).replace(/_/g, "")] ?? ALIASES[columnOf(h)] ?? null);
  const missing = (["reviewer_name", "rating"] as const).filter((c) => !columns.includes(c));
  if (missing.length > 0) throw new Error(`The header row needs the columns ${missing.join(" and ")} (found: ${header.join(", ") || "nothing"}).`);
  if (rows.length > CSV_MAX_ROWS)
    throw new Error(`A file holds at most ${CSV_MAX_ROWS.toLocaleString("en-US")} reviews; this one has ${rows.length.toLocaleString("en-US")}. Split it.`);
  return rows.map((cells, i): CsvRow => {
    const cell = (name: (typeof CSV_COLUMNS)[number]) => {
      const at = columns.indexOf(name);
      return at < 0 ? "" : (cells[at] ?? "");
    };
    const rating = cell("rating").trim();
    const checked = checkEntry(
      {
        reviewerName: cell("reviewer_name"),
        rating: /^\d+$/.test(rating) ? Number(rating) : Number.NaN,
        content: cell("content"),
        reviewDate: cell("review_date"),
        url: cell("url"),
      },
      today,
    );
    return checked.ok ? { line: i + 2, ok: true, value: checked.value } : { line: i + 2, ok: false, errors: Object.values(checked.fields) };
  });
};
