/**
 * The one bounded reader of request bodies. Every route reads its body through it (JSON, forms,
 * webhooks' raw bytes, the media upload's stream), each with its own limit: a body is counted as it
 * arrives, whatever its transfer encoding, and reading stops the moment the total passes the limit
 * (a declared Content-Length over it is refused before a byte is read). Why: `request.text()`,
 * `arrayBuffer()` and `formData()` hold the whole body before any check can run, so one 150 MB
 * chunked post grew the process by ~475 MB (issue 27).
 */

/** The body is over the route's limit: nothing past the limit was kept. */
export class BodyTooLarge extends Error {
  override readonly name = "BodyTooLarge";
  constructor(readonly maxBytes: number) {
    super(`The request body is over ${maxBytes} bytes.`);
  }
}

/** The body broke off before its end (the client hung up, or sent a malformed chunk). */
export class BodyInterrupted extends Error {
  override readonly name = "BodyInterrupted";
}

/** The adapter's own backstop (@astrojs/node `bodySizeLimit`) fails the stream with this message. */
const ADAPTER_LIMIT = /body size limit/i;

/** A request's declared Content-Length, or null without one (a chunked body). */
export const declaredLength = (headers: Headers): number | null => {
  const value = headers.get("content-length");
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value.trim()) : null;
};

/**
 * The chunks of a body, in order, until its end; throws BodyTooLarge the moment the total passes
 * `maxBytes` (or the adapter's own limit does), and reads nothing more. Other failures of the stream
 * throw BodyInterrupted.
 *
 * Stopping is not cancelling: cancelling a request's stream destroys its socket (Node's
 * IncomingMessage does), often before the refusal is written, so the client would see a reset
 * instead of the 413. Unread, the rest waits in the socket's buffers, TCP holds the sender back, and
 * the refusal's `Connection: close` ends the connection once it is out.
 */
export async function* boundedChunks(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array> {
  const iterator: AsyncIterator<Uint8Array> =
    "getReader" in body ? (body as unknown as { values(options: { preventCancel: boolean }): AsyncIterator<Uint8Array> }).values({ preventCancel: true }) : body[Symbol.asyncIterator]();
  let total = 0;
  let ended = false;
  try {
    for (;;) {
      let step: IteratorResult<Uint8Array>;
      try {
        step = await iterator.next();
      } catch (error) {
        ended = true;
        if (isAdapterLimit(error)) throw new BodyTooLarge(maxBytes);
        throw new BodyInterrupted("The request body broke off before its end.", { cause: error });
      }
      if (step.done) {
        ended = true;
        return;
      }
      total += step.value.byteLength;
      if (total > maxBytes) throw new BodyTooLarge(maxBytes);
      yield step.value;
    }
  } finally {
    // Stopped early (over the limit, or the caller gave up on it): a stream's lock is released
    // without cancelling it, as said above.
    if (!ended) await iterator.return?.();
  }
}

const isAdapterLimit = (error: unknown): boolean => {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) if (ADAPTER_LIMIT.test(e.message)) return true;
  return false;
};

/**
 * A request's whole body, at most `maxBytes` of it: throws BodyTooLarge when Content-Length says
 * more (nothing is read) or when more arrives, BodyInterrupted when it breaks off.
 */
export const readBounded = async (request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> => {
  const length = declaredLength(request.headers);
  // Not read at all (and not cancelled: see boundedChunks).
  if (length !== null && length > maxBytes) throw new BodyTooLarge(maxBytes);
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of boundedChunks(request.body, maxBytes)) {
    chunks.push(chunk);
    total += chunk.byteLength;
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
};

/** A limit as people read it: "16 KB", "1 MB" (decimal units, as the limits are set). */
export const formatLimit = (bytes: number): string =>
  bytes >= 1_000_000 ? `${Number((bytes / 1_000_000).toFixed(1))} MB` : `${Number((bytes / 1_000).toFixed(1))} KB`;

/** The sentence of a 413. */
export const bodyTooLargeMessage = (maxBytes: number): string => `The request body is too large (at most ${formatLimit(maxBytes)}).`;
