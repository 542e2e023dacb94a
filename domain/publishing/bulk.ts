/** A bulk upload (spec engagement §2, §5): many scheduled posts from one file, each row kept or refused on its own. */

/** Rows one upload holds at most (issue 13: 10,000 rows accepted at once). */
export const BULK_MAX_ROWS = 10_000;

/** The screen's and the rows' sentences (spec engagement §5, §8). */
export const BULK_MESSAGES = {
  invalidFileTitle: "Invalid File",
  invalidFile: "Please upload a CSV file.",
  failedTitle: "Upload Failed",
  failed: "Failed to process bulk upload. Please try again.",
  completeTitle: "Bulk Upload Complete",
  date: "Give a date that exists, as YYYY-MM-DD, like 2026-12-01.",
  time: "Give the time as HH:MM (24-hour), like 09:30.",
  platforms: "Select at least one platform",
  tooMany: `A bulk upload holds at most ${BULK_MAX_ROWS.toLocaleString("en-US")} posts. Split the file.`,
  none: "The file has no posts to schedule.",
} as const;

export const bulkDuplicateInFileMessage = (row: number) => `This row is the same post as row ${row} (same content, accounts and time): it is scheduled once.`;

export const BULK_ALREADY_SCHEDULED_MESSAGE = "This post is already scheduled at this time for these accounts.";

/**
 * What makes two posts the same post: the same text (ends trimmed) for the same accounts at the same
 * instant. A file that repeats a row, or an upload sent twice, schedules it once.
 */
export const samePostKey = (content: string, accountIds: ReadonlyArray<string>, scheduledAt: Date | string): string =>
  `${new Date(scheduledAt).toISOString()}\u0000${[...accountIds].sort().join(",")}\u0000${content.trim()}`;
