import type { APIRoute } from "astro";
import { Effect } from "effect";
import { UploadRejected } from "../../../../domain/media";
import { Media } from "../../../../infra/media/Media";
import { uploadRejectedResponse } from "../../../features/media/http.server";
import { uploadQuerySchema } from "../../../features/media/schemas";
import { guard } from "../../../lib/auth-guard";
import { commandContext, json, parseQuery, respond } from "../../../lib/http";

export const UPLOAD_SUCCESS_MESSAGE = "Media files have been uploaded to your gallery";

/**
 * POST /api/media/upload (multipart/form-data, field `files`, one or more): stores every file or
 * none. 201 `{ items, message }`; 400 naming each file that is not an image or a video (decided by
 * its bytes); 413 when one is over the plan's size limit. `?accept=images` (or `videos`) makes a
 * picker of one kind refuse the other.
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
    (result) => (result instanceof UploadRejected ? uploadRejectedResponse(result) : json({ items: result, message: UPLOAD_SUCCESS_MESSAGE }, 201)),
  );
};
