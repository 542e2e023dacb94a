import type { APIRoute } from "astro";
import { Effect } from "effect";
import { partlyUploadedMessage, UploadRejected } from "../../../../domain/media";
import { Media } from "../../../../infra/media/Media";
import { uploadRejectedResponse } from "../../../features/media/http.server";
import { uploadQuerySchema } from "../../../features/media/schemas";
import { guard } from "../../../lib/auth-guard";
import { commandContext, json, parseQuery, respond } from "../../../lib/http";

export const UPLOAD_SUCCESS_MESSAGE = "Media files have been uploaded to your gallery";

/**
 * POST /api/media/upload (multipart/form-data, field `files`, one or more): stores each file that is
 * an image or a video (decided by its bytes) within the plan's size limit. 201 `{ items, problems,
 * message }`: `problems` names each other file with the reason (`{file, message}`), and `message`
 * says how many were kept. When none is kept: 400 naming each file, or 413 when all are over the
 * plan's size limit. `?accept=images` (or `videos`) makes a picker of one kind refuse the other.
 */
export const POST: APIRoute = async ({ request, url, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_posts" });
  if (!signedIn.ok) return signedIn.response;
  const query = parseQuery(url, uploadQuerySchema);
  if (!query.ok) return query.response;
  const length = request.headers.get("content-length");
  const { user } = signedIn;
  return respond(
    Media.use((media) =>
      media.upload(
        { userId: user.id, workspaceId: user.workspaceId, tier: user.subscriptionTier },
        {
          contentType: request.headers.get("content-type"),
          contentLength: length !== null && /^\d+$/.test(length) ? Number(length) : null,
          body: request.body as unknown as AsyncIterable<Uint8Array> | null,
        },
        query.data.accept,
        signedIn.caller,
      ),
    ).pipe(Effect.catchTag("UploadRejected", (rejected) => Effect.succeed(rejected))),
    (result) =>
      result instanceof UploadRejected
        ? uploadRejectedResponse(result)
        : json(
            {
              items: result.items,
              problems: result.problems,
              message: result.problems.length === 0 ? UPLOAD_SUCCESS_MESSAGE : partlyUploadedMessage(result.items.length, result.problems),
            },
            201,
          ),
  );
};
