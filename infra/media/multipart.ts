/**
 * A streaming multipart/form-data reader (RFC 7578). Why not `Request.formData()`: undici's
 * formData() reads the whole body into memory and then copies every file out of it, so a 500 MB
 * video costs a gigabyte of memory before a single check has run. This reads the body chunk by
 * chunk, hands each part's bytes to a sink as they arrive (awaited, so a slow disk slows the
 * upload instead of filling memory) and keeps at most one boundary's length of data in hand.
 */

export interface PartInfo {
  /** The form field's name. */
  readonly name: string;
  /** The file name the browser sent, or null for a plain field. */
  readonly filename: string | null;
  readonly contentType: string | null;
}

export interface PartSink {
  /** The next bytes of the part, in order. */
  readonly data: (chunk: Uint8Array) => void | Promise<void>;
  /** The part is complete. */
  readonly end: () => void | Promise<void>;
}

/** The body is not well-formed multipart (or breaks a limit): a 400. */
export class MultipartError extends Error {
  override readonly name = "MultipartError";
}

export interface MultipartLimits {
  /** Parts in one body (files and fields). */
  readonly maxParts: number;
  /** Bytes of one part's headers. */
  readonly maxHeaderBytes: number;
}

const DEFAULT_LIMITS: MultipartLimits = { maxParts: 200, maxHeaderBytes: 16 * 1024 };

/** The boundary of a `multipart/form-data; boundary=...` content type, or null when it is not one. */
export const boundaryOf = (contentType: string | null): string | null => {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType.trim())) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
};

/** Decodes a quoted-string's backslash escapes. */
const unquote = (value: string) => value.replace(/\\(.)/g, "$1");

/** Parses a part's headers: its Content-Disposition name and filename, and its Content-Type. */
export const parsePartHeaders = (text: string): PartInfo => {
  let name: string | null = null;
  let filename: string | null = null;
  let filenameStar: string | null = null;
  let contentType: string | null = null;
  for (const line of text.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (header === "content-type") contentType = value;
    if (header !== "content-disposition") continue;
    if (!/^form-data\b/i.test(value)) throw new MultipartError("A part is not form data.");
    // name="x"; filename="y"; filename*=UTF-8''z  (quoted or token values)
    const param = /;\s*([a-z*]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/gi;
    for (let m = param.exec(value); m; m = param.exec(value)) {
      const key = m[1].toLowerCase();
      const raw = m[2] !== undefined ? unquote(m[2]) : m[3];
      if (key === "name") name = raw;
      else if (key === "filename") filename = raw;
      else if (key === "filename*") {
        const ext = /^([\w-]+)'[^']*'(.*)$/.exec(raw);
        try {
          filenameStar = ext ? decodeURIComponent(ext[2]) : raw;
        } catch {
          filenameStar = null;
        }
      }
    }
  }
  if (name === null) throw new MultipartError("A part has no field name.");
  return { name, filename: filenameStar ?? filename, contentType };
};

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
const DASHES = Buffer.from("--");

/**
 * Reads a multipart body, calling `onPart` for each part and feeding the sink it answers. Throws
 * MultipartError on a malformed body; a sink's or the body's own errors are thrown as they are.
 */
export const readMultipart = async (
  body: AsyncIterable<Uint8Array>,
  boundary: string,
  onPart: (info: PartInfo) => PartSink | Promise<PartSink>,
  limits: Partial<MultipartLimits> = {},
): Promise<void> => {
  const { maxParts, maxHeaderBytes } = { ...DEFAULT_LIMITS, ...limits };
  const opening = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  type State = "preamble" | "after-boundary" | "headers" | "body" | "done";
  let state = "preamble" as State;
  let buffer: Buffer = Buffer.alloc(0);
  let sink: PartSink | null = null;
  let parts = 0;

  /** Moves through as much of the buffer as can be decided now. */
  const advance = async () => {
    for (;;) {
      if (state === "preamble") {
        const at = buffer.indexOf(opening);
        if (at === -1) {
          if (buffer.length > maxHeaderBytes) throw new MultipartError("The upload does not start with its boundary.");
          return;
        }
        buffer = buffer.subarray(at + opening.length);
        state = "after-boundary";
      } else if (state === "after-boundary") {
        if (buffer.length < 2) return;
        if (buffer.subarray(0, 2).equals(DASHES)) {
          state = "done";
          return;
        }
        // RFC 2046 allows white space between a boundary and its line break.
        let i = 0;
        while (i < buffer.length && (buffer[i] === 0x20 || buffer[i] === 0x09)) i++;
        if (buffer.length - i < 2) return;
        if (!buffer.subarray(i, i + 2).equals(CRLF)) throw new MultipartError("A boundary is not followed by a line break.");
        buffer = buffer.subarray(i + 2);
        state = "headers";
      } else if (state === "headers") {
        const end = buffer.indexOf(HEADER_END);
        if (end === -1) {
          if (buffer.length > maxHeaderBytes) throw new MultipartError("A part's headers are too long.");
          return;
        }
        if (end > maxHeaderBytes) throw new MultipartError("A part's headers are too long.");
        parts += 1;
        if (parts > maxParts) throw new MultipartError(`An upload can have up to ${maxParts} parts.`);
        const info = parsePartHeaders(buffer.subarray(0, end).toString("utf8"));
        buffer = buffer.subarray(end + HEADER_END.length);
        sink = await onPart(info);
        state = "body";
      } else if (state === "body") {
        const at = buffer.indexOf(delimiter);
        if (at !== -1) {
          if (at > 0) await sink!.data(buffer.subarray(0, at));
          await sink!.end();
          sink = null;
          buffer = buffer.subarray(at + delimiter.length);
          state = "after-boundary";
          continue;
        }
        // All but a possible start of the delimiter is the part's.
        const safe = buffer.length - (delimiter.length - 1);
        if (safe > 0) {
          const chunk = buffer.subarray(0, safe);
          buffer = buffer.subarray(safe);
          await sink!.data(chunk);
        }
        return;
      } else {
        return;
      }
    }
  };

  for await (const chunk of body) {
    if (state === "done") continue; // The epilogue: read and ignored.
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    buffer = buffer.length === 0 ? bytes : Buffer.concat([buffer, bytes]);
    await advance();
  }
  if (state !== "done") throw new MultipartError("The upload ended before it was complete.");
};
