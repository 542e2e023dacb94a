import { createHash, type Hash } from "node:crypto";
import { Cause, Effect } from "effect";
import { apiRequestsPerMinuteOf, planById, type Tier } from "../../domain/plans";
import { config } from "../config";
import { logger } from "../log";
import type { ApiKeyUse } from "../web/api/guard";
import { problemResponse, RateLimited } from "../web/api/problems";
import { Idempotency, type RecordedAnswer } from "./Idempotency";
import { RATE_LIMIT_WINDOW_SECONDS, type RateLimitCount, RateLimits } from "./RateLimits";

export const IDEMPOTENCY_KEY_MESSAGE = "The Idempotency-Key header must be 1 to 255 printable ASCII characters.";
export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  "This Idempotency-Key was already used for a different request (another method, path or body). Use a new key for a new request.";
export const IDEMPOTENCY_KEY_BUSY_MESSAGE = "A request with this Idempotency-Key is still being processed. Try again in a moment.";

const VALID_KEY = /^[\x20-\x7e]{1,255}$/;

/** What the edge knows of a request before the declared API runs it. */
export interface LimitedRequest {
  /** The workspace it acts in (a session's, or an API key's), or null: signed out, or demo mode. */
  readonly workspaceId: string | null;
  /** The API key it came with, and the workspace's plan: its requests are counted. */
  readonly apiKey: ApiKeyUse | null;
  readonly tier: Tier | null;
}

/**
 * The declared API's two rules on requests as a whole, in one place (called by `serveApi` around the
 * API): a keyed request is counted against its key's limit (429 past it; every keyed answer says
 * where it stands), then a POST with an `Idempotency-Key` runs once per workspace and key.
 */
export const withApiLimits = Effect.fn("ApiLimits.serve")(function* (
  request: Request,
  limited: LimitedRequest,
  run: (request: Request) => Promise<Response>,
) {
  if (!limited.apiKey) return yield* idempotent(request, limited.workspaceId, run);
  const perMinute = config().API_RATE_LIMIT_PER_MINUTE ?? apiRequestsPerMinuteOf(limited.tier ?? "trial");
  const counted = yield* RateLimits.use((limits) => limits.count(limited.apiKey!.id, perMinute));
  const response = counted.exceeded
    ? problemResponse(RateLimited.status, RateLimited.code, tooManyRequestsMessage(counted, limited.tier), { "retry-after": String(counted.resetSeconds) })
    : yield* idempotent(request, limited.workspaceId, run);
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(rateLimitHeaders(counted))) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}, Effect.orDie);

/** "Too many requests for this API key: 60 a minute on the Starter plan. Try again in 12 seconds." */
export const tooManyRequestsMessage = (counted: RateLimitCount, tier: Tier | null): string => {
  const where = config().API_RATE_LIMIT_PER_MINUTE !== undefined ? "on this server" : tier === "trial" || !tier ? "during the free trial" : `on the ${planById(tier).name} plan`;
  const wait = counted.resetSeconds === 1 ? "1 second" : `${counted.resetSeconds} seconds`;
  return `Too many requests for this API key: ${counted.limit} a minute ${where}. Try again in ${wait}.`;
};

/** The IETF httpapi draft's fields (draft-ietf-httpapi-ratelimit-headers-10): the policy, and where the key stands in it. */
export const rateLimitHeaders = (counted: RateLimitCount): Record<string, string> => ({
  "ratelimit-policy": `"default";q=${counted.limit};w=${RATE_LIMIT_WINDOW_SECONDS}`,
  ratelimit: `"default";r=${counted.remaining};t=${counted.resetSeconds}`,
});

// Headers of an answer never recorded with it: the connection's own, and cookies (a session's
// secret is never stored, and a repeat must not sign anyone in again).
const UNRECORDED_HEADERS = new Set(["set-cookie", "date", "content-length", "transfer-encoding", "connection", "keep-alive"]);

/** A POST with an Idempotency-Key from a caller with a workspace runs once: its repeats get its answer. */
const idempotent = Effect.fn("ApiLimits.idempotent")(function* (request: Request, workspaceId: string | null, run: (request: Request) => Promise<Response>) {
  const key = request.headers.get("idempotency-key");
  if (request.method !== "POST" || key === null || workspaceId === null) return yield* Effect.promise(() => run(request));
  if (!VALID_KEY.test(key)) return problemResponse(400, "invalid_idempotency_key", IDEMPOTENCY_KEY_MESSAGE);

  const body = yield* Effect.promise(() => hashedBody(request));
  const idempotency = yield* Idempotency;
  const claim = yield* idempotency.claim(workspaceId, key, body.hashNow);
  if (claim._tag === "StillRunning") return problemResponse(409, "idempotency_key_in_use", IDEMPOTENCY_KEY_BUSY_MESSAGE);
  if (claim._tag === "Recorded") {
    const own = body.hashNow ?? (yield* Effect.promise(() => body.hashOfRest()));
    if (!claim.requestHash || !sameBytes(claim.requestHash, own)) return problemResponse(422, "idempotency_key_reused", IDEMPOTENCY_KEY_REUSED_MESSAGE);
    return replay(claim.answer);
  }

  const response = yield* Effect.promise(() => run(body.request)).pipe(Effect.onError(() => Effect.ignore(idempotency.release(workspaceId, key))));
  const hash = body.hashNow ?? body.hashIfRead();
  // Refusals that a retry may get past (a 5xx, a 429), a stream, or a body the API left unread are
  // not kept: the key may be tried again.
  const stream = (response.headers.get("content-type") ?? "").startsWith("text/event-stream");
  if (response.status >= 500 || response.status === 429 || stream || !hash) {
    yield* idempotency.release(workspaceId, key);
    return response;
  }
  const bytes = new Uint8Array(yield* Effect.promise(() => response.arrayBuffer()));
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!UNRECORDED_HEADERS.has(name)) headers[name] = value;
  });
  const recorded = yield* Effect.exit(idempotency.record(workspaceId, key, hash, { status: response.status, headers, body: bytes }));
  if (recorded._tag === "Failure") {
    // The request's effect happened: its answer goes out even when it could not be kept.
    logger.error({ cause: Cause.pretty(recorded.cause) }, "Idempotency: the answer could not be recorded");
    yield* Effect.ignore(idempotency.release(workspaceId, key));
  }
  return new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
});

const replay = (answer: RecordedAnswer) => {
  const headers = new Headers(answer.headers);
  headers.set("idempotency-replayed", "true");
  return new Response(answer.status === 204 || answer.status === 304 ? null : Buffer.from(answer.body), { status: answer.status, headers });
};

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

/**
 * The request's hash (method, path with its query, body) with the request to run. A body the edge
 * read already (JSON, a form: at most the operation's limit) is hashed at once; a multipart upload,
 * which goes on as a stream, is hashed as the API reads it, so it is never held whole.
 */
const hashedBody = async (request: Request) => {
  const url = new URL(request.url);
  const hash = createHash("sha256").update(`${request.method}\n${url.pathname}${url.search}\n`);
  const streamed = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data") && request.body !== null;
  if (!streamed) {
    const bytes = new Uint8Array(await request.arrayBuffer());
    return {
      request: new Request(request.url, { method: request.method, headers: request.headers, body: request.body === null ? null : bytes }),
      hashNow: new Uint8Array(hash.update(bytes).digest()),
      hashIfRead: () => null,
      hashOfRest: async () => new Uint8Array(),
    };
  }
  let read = false;
  // Each client draws its own boundary: a retry of the same upload differs only there, so it is left out.
  const boundary = /boundary="?([^";]+)"?/i.exec(request.headers.get("content-type") ?? "")?.[1] ?? "";
  const passing = request.body!.pipeThrough(hashing(hash, `--${boundary}`, () => (read = true)));
  return {
    request: new Request(request.url, { method: request.method, headers: request.headers, body: passing, duplex: "half" } as RequestInit),
    hashNow: null,
    /** The hash once the API has read the whole body, else null. */
    hashIfRead: () => (read ? new Uint8Array(hash.digest()) : null),
    /** Reads the body (not run: a repeat) to its end, only hashing it. */
    hashOfRest: async () => {
      for await (const _ of passing as unknown as AsyncIterable<Uint8Array>) {
        // each chunk is hashed as it passes
      }
      return new Uint8Array(hash.digest());
    },
  };
};

/**
 * Passes a body on unchanged while hashing it without the `delimiter` lines of its multipart
 * boundary: the bytes that may begin a delimiter cut by a chunk's end wait for the next chunk.
 */
export const hashing = (hash: Hash, delimiter: string, onEnd: () => void) => {
  const mark = Buffer.from(delimiter);
  let pending = Buffer.alloc(0);
  return new TransformStream<Uint8Array, Uint8Array>({
    transform: (chunk, controller) => {
      controller.enqueue(chunk);
      const bytes = Buffer.concat([pending, chunk]);
      let from = 0;
      for (let at = bytes.indexOf(mark, from); at !== -1; at = bytes.indexOf(mark, from)) {
        hash.update(bytes.subarray(from, at));
        from = at + mark.length;
      }
      const keep = Math.max(from, bytes.length - (mark.length - 1));
      hash.update(bytes.subarray(from, keep));
      pending = bytes.subarray(keep);
    },
    flush: () => {
      hash.update(pending);
      onEnd();
    },
  });
};
