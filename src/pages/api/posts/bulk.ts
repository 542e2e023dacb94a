import type { APIRoute } from "astro";
import { Posts, type BulkRow } from "../../../../infra/publishing/Posts";
import { BULK_MAX_BYTES, bulkRowNumber, type BulkUploadAnswer, bulkUploadSchema, postInputOf, readBulkRow } from "../../../features/bulk-upload/bulk-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../../lib/http";

/**
 * POST /api/posts/bulk {posts: [{content, scheduledDate, scheduledTime, platforms, media, row?}], timeZone?}:
 * schedules each row as POST /api/posts would (times in the person's zone unless timeZone says
 * another). Answers {successful: [{row, postId, scheduledAt}], failed: [{row, message}]}, rows numbered
 * by their `row`, else from 1 in the order sent: a refused row never blocks the others.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_posts", feature: "bulk_upload" });
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, bulkUploadSchema, { maxBytes: BULK_MAX_BYTES });
  if (!input.ok) return input.response;
  const read = input.data.posts.map((raw, index) => ({ row: bulkRowNumber(raw, index), ...readBulkRow(raw) }));
  const rows: BulkRow[] = read.flatMap((r) => (r.ok ? [{ row: r.row, input: postInputOf(r.post, input.data.timeZone ?? null) }] : []));
  return respond(
    Posts.use((posts) => posts.createMany(signedIn.caller, rows)),
    (outcomes) => {
      const failed = [
        ...read.flatMap((r) => (r.ok ? [] : [{ row: r.row, message: r.message }])),
        ...outcomes.flatMap((o) => (o.ok ? [] : [{ row: o.row, message: o.message }])),
      ];
      return json({
        successful: outcomes.flatMap((o) => (o.ok ? [{ row: o.row, postId: o.postId, scheduledAt: o.scheduledAt }] : [])),
        failed: failed.sort((a, b) => a.row - b.row),
      } satisfies BulkUploadAnswer);
    },
  );
};
