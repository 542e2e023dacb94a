/** HTTP details of the stored files' routes: byte ranges, their headers. */
import { Cause, Effect, Exit } from "effect";
import { logger } from "../../../infra/log";
import { Media } from "../../../infra/media/Media";
import { MediaStorage } from "../../../infra/media/MediaStorage";
import { SERVER_ERROR_MESSAGE } from "../../lib/http";
import { runtime } from "../../runtime";

export type RangeAnswer =
  { readonly kind: "full" } | { readonly kind: "partial"; readonly start: number; readonly end: number } | { readonly kind: "unsatisfiable" };

/**
 * A `Range: bytes=...` header against a file of `size` bytes. One range only (several, or a unit
 * other than bytes, are answered in full, as RFC 9110 allows); ends past the file are clipped.
 */
export const parseRange = (header: string | null, size: number): RangeAnswer => {
  if (!header) return { kind: "full" };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return { kind: "full" };
  const [, from, to] = match;
  if (from === "" && to === "") return { kind: "full" };
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return { kind: "unsatisfiable" };
  return { kind: "partial", start, end };
};

/** Headers of every stored file we serve: its own type, never sniffed, never run as a page. */
export const MEDIA_FILE_HEADERS = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
  "cross-origin-resource-policy": "same-origin",
  "cache-control": "private, max-age=86400",
  "accept-ranges": "bytes",
} as const;

/** `inline; filename*=UTF-8''...`: the original name for "Save as", the file shown in place. */
export const contentDisposition = (name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

export const notFoundFile = () =>
  new Response("Not found.", {
    status: 404,
    headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff", "cache-control": "no-store" },
  });

/**
 * A stored file of a workspace's media library as an HTTP answer: its type as the bytes were found to
 * be, never sniffed and never run (nosniff, a sandboxing CSP), single byte ranges for video seeking,
 * ETag revalidation; 404 when the workspace has no such file. The caller decides who may see it.
 */
export const serveMediaFile = async (
  stored: { readonly workspaceId: string; readonly mediaId: string; readonly fileName: string },
  request: Request,
  withBody: boolean,
  headerOverrides: Readonly<Record<string, string>> = {},
): Promise<Response> => {
  const { workspaceId, mediaId, fileName } = stored;

  const exit = await runtime.runPromiseExit(
    Effect.gen(function* () {
      const media = yield* Media;
      const storage = yield* MediaStorage;
      const file = yield* media.file(workspaceId, mediaId, fileName);
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
    return new Response(SERVER_ERROR_MESSAGE, {
      status: 500,
      headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff", "cache-control": "no-store" },
    });
  }
  const { file, status, body, range } = exit.value;
  const headers = new Headers({
    ...MEDIA_FILE_HEADERS,
    ...headerOverrides,
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
