/** HTTP details of the media routes: upload errors as JSON, byte ranges, stored files' headers. */
import type { UploadRejected } from "../../../domain/media";
import { json } from "../../lib/http";

/** An upload refused: 400 or 413 with the message naming each file, per file in `problems`. */
export const uploadRejectedResponse = (error: UploadRejected): Response =>
  json(
    {
      error: {
        code: error.code,
        message: error.message,
        fields: { files: error.message },
        problems: error.problems,
      },
    },
    error.status,
  );

export type RangeAnswer = { readonly kind: "full" } | { readonly kind: "partial"; readonly start: number; readonly end: number } | { readonly kind: "unsatisfiable" };

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
  "content-security-policy": "default-src 'none'; sandbox",
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
