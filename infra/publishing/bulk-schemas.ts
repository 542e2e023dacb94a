import { z } from "zod";
import { normalizePlatformId, type PlatformId } from "../../domain/accounts/platforms";
import { BULK_MAX_ROWS, BULK_MESSAGES } from "../../domain/publishing/bulk";
import { CLOCK_TIME, notATime } from "../../domain/shared/clock-time";
import { checkContent } from "../../domain/publishing/validation";
import type { PostInput } from "./Posts";
import { MAX_MEDIA } from "../../domain/publishing/post-media";
import { mediaRef, zoneName } from "./schemas";

/** A body of up to 10,000 rows of the longest texts is far less. */
export const BULK_MAX_BYTES = 32_000_000;

const isDay = (value: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return day.toISOString().slice(0, 10) === value;
};

const unknownPlatformMessage = (name: string) => `"${name}" is not a platform we know: use names like instagram, facebook, linkedin, twitter, separated by ;.`;

/**
 * A bulk post row (spec engagement §3): content, scheduledDate (YYYY-MM-DD), scheduledTime (HH:MM),
 * platforms and media. The preview and POST /api/posts/bulk read rows with this one schema, so a row
 * the screen shows as ready is one the server takes (but for what only the server knows: accounts,
 * a time already past, limits, duplicates).
 */
export const bulkRowSchema = z
  .object({
    content: z.string({ error: "Write the post's text in the content column." }).max(63_206, "Content too long"),
    scheduledDate: z.string({ error: BULK_MESSAGES.date }).trim().refine(isDay, BULK_MESSAGES.date),
    scheduledTime: z
      .string({ error: BULK_MESSAGES.time })
      .trim()
      .superRefine((time, ctx) => {
        if (!CLOCK_TIME.test(time)) ctx.addIssue({ code: "custom", message: time === "" ? BULK_MESSAGES.time : notATime(time) });
      }),
    platforms: z
      .array(z.string().max(100), { error: BULK_MESSAGES.platforms })
      .min(1, BULK_MESSAGES.platforms)
      .max(30)
      .transform((names, ctx) => {
        const ids: PlatformId[] = [];
        for (const name of names) {
          const id = normalizePlatformId(name.trim().toLowerCase());
          if (id === null) ctx.addIssue({ code: "custom", message: unknownPlatformMessage(name.trim()) });
          else if (!ids.includes(id)) ids.push(id);
        }
        return ids;
      }),
    media: z.array(mediaRef).max(MAX_MEDIA, `Attach at most ${MAX_MEDIA} files.`).default([]),
  })
  .superRefine((row, ctx) => {
    const problem = checkContent(row.content, row.platforms, row.media.length);
    if (problem) ctx.addIssue({ code: "custom", path: ["content"], message: problem });
  });

export type BulkRowInput = z.input<typeof bulkRowSchema>;
export type BulkRowOutput = z.output<typeof bulkRowSchema>;

/** The body of POST /api/posts/bulk: the rows, each read on its own, and the zone their times are in (the person's, when left out). */
export const bulkUploadSchema = z.object({
  posts: z.array(z.unknown(), { error: "Send the rows as a list: {posts: [...]}." }).min(1, BULK_MESSAGES.none).max(BULK_MAX_ROWS, BULK_MESSAGES.tooMany),
  timeZone: zoneName,
});

/**
 * A row's number in the answer and its sentences: the `row` it gives (the screen sends the preview's
 * numbers, its file's order, when it sends the rows in parts) or its place in the list, from 1.
 */
export const bulkRowNumber = (raw: unknown, index: number): number => {
  const given = typeof raw === "object" && raw !== null && "row" in raw ? raw.row : undefined;
  return typeof given === "number" && Number.isInteger(given) && given >= 1 ? given : index + 1;
};

/** The first sentence refusing a row, or its post. */
export const readBulkRow = (raw: unknown): { ok: true; post: BulkRowOutput } | { ok: false; message: string } => {
  const parsed = bulkRowSchema.safeParse(raw);
  return parsed.success ? { ok: true, post: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? "Please check this row." };
};

/** A row as POST /api/posts takes a scheduled post: the time read in `timeZone` (the person's when null). */
export const postInputOf = (row: BulkRowOutput, timeZone: string | null): PostInput => ({
  content: row.content,
  platforms: row.platforms,
  media: row.media,
  status: "scheduled",
  scheduledAt: `${row.scheduledDate}T${row.scheduledTime}`,
  timeZone,
  accountIds: null,
  postType: "standard",
  businessData: {},
  locationIds: [],
  categoryId: null,
  options: {},
  recurrence: null,
  timeslot: null,
});

/** The answer of POST /api/posts/bulk: rows numbered by their `row`, else from 1 in the order sent. */
export interface BulkUploadAnswer {
  readonly successful: ReadonlyArray<{ readonly row: number; readonly postId: string; readonly scheduledAt: string | null }>;
  readonly failed: ReadonlyArray<{ readonly row: number; readonly message: string }>;
}
