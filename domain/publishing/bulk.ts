/** A bulk upload (spec engagement §2, §5): many scheduled posts from one file, each row kept or refused on its own. */

/** Rows one upload holds at most (issue 13: 10,000 rows accepted at once). */
export const BULK_MAX_ROWS = 10_000;

export const bulkDuplicateInFileMessage = (row: number) => `This row is the same post as row ${row} (same content, accounts and time): it is scheduled once.`;

export const BULK_ALREADY_SCHEDULED_MESSAGE = "This post is already scheduled at this time for these accounts.";

/**
 * What makes two posts the same post: the same text (ends trimmed) for the same accounts at the same
 * instant. A file that repeats a row, or an upload sent twice, schedules it once.
 */
export const samePostKey = (content: string, accountIds: ReadonlyArray<string>, scheduledAt: Date | string): string =>
  `${new Date(scheduledAt).toISOString()}\u0000${[...accountIds].sort().join(",")}\u0000${content.trim()}`;
