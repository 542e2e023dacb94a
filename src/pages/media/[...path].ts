import type { APIRoute } from "astro";
import { Cause, Effect, Exit } from "effect";
import { Media } from "../../../infra/media/Media";
import { MediaStorage } from "../../../infra/media/MediaStorage";
import { logger } from "../../../infra/log";
import { contentDisposition, MEDIA_FILE_HEADERS, notFoundFile, parseRange } from "../../features/media/http.server";
import { runtime } from "../../runtime";

/**
 * GET /media/{id}/original.{ext} and /media/{id}/thumbnail.webp: a stored file, only to members of
 * the workspace that owns it (anyone else, signed out included, gets 404). Served with the type the
 * bytes were found to be, never sniffed and never run (nosniff, a sandboxing CSP), with single byte
 * ranges for video seeking and ETag revalidation.
 */
const serve = async (params: Record<string, string | undefined>, request: Request, locals: App.Locals, withBody: boolean) => {
  const user = locals.user;
  const parts = (params.path ?? "").split("/");
  if (!user || parts.length !== 2) return notFoundFile();
  const [mediaId, fileName] = parts;

  const exit = await runtime.runPromiseExit(
    Effect.gen(function* () {
      const media = yield* Media;
      const storage = yield* MediaStorage;
      const file = yield* media.file(user.workspaceId, mediaId, fileName);
      if (request.headers.get("if-none-match") === file.etag) return { file, status: 304 as const, body: null, range: null };
      const ifRange = request.headers.get("if-range");
      const range = ifRange && ifRange !== file.etag ? { kind: "full" as const } : parseRange(request.headers.get("range"), file.size);
      if (range.kind === "unsatisfiable") return { file, status: 416 as const, body: null, range: null };
      const partial = range.kind === "partial" ? range : null;
      const body = withBody ? yield* storage.stream(file.key, partial ?? undefined) : null;
      return { file, status: partial ? (206 as const) : (200 as const), body, range: partial };
    }),
  );
  if (Exit.isFailure(exit)) {
    const failure = Cause.findErrorOption(exit.cause);
    if (failure._tag === "Some" && failure.value._tag === "NotFound") return notFoundFile();
    logger.error({ cause: Cause.pretty(exit.cause) }, "Serving a media file failed");
    return new Response("Something went wrong on our side. Please try again.", {
      status: 500,
      headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff", "cache-control": "no-store" },
    });
  }
  const { file, status, body, range } = exit.value;
  const headers = new Headers({
    ...MEDIA_FILE_HEADERS,
    etag: file.etag,
    "last-modified": file.modifiedAt.toUTCString(),
  });
  if (status === 304) return new Response(null, { status, headers });
  if (status === 416) {
    headers.set("content-range", `bytes */${file.size}`);
    return new Response(null, { status, headers });
  }
  headers.set("content-type", file.contentType);
  headers.set("content-disposition", contentDisposition(file.originalName));
  headers.set("content-length", String(range ? range.end - range.start + 1 : file.size));
  if (range) headers.set("content-range", `bytes ${range.start}-${range.end}/${file.size}`);
  return new Response(body, { status, headers });
};

export const GET: APIRoute = ({ params, request, locals }) => serve(params, request, locals, true);
export const HEAD: APIRoute = ({ params, request, locals }) => serve(params, request, locals, false);
