import { Cause, type Effect, Exit } from "effect";
import type { CommandContext } from "../../domain/shared";
import { logger } from "../../infra/log";
import { httpErrors } from "../../infra/modules";
import { BodyInterrupted, BodyTooLarge, bodyTooLargeMessage, readBounded } from "../../infra/web/request-body";
import { type RuntimeServices, runtime } from "../runtime";
import { DEMO_READ_ONLY_MESSAGE, SERVER_ERROR_MESSAGE } from "../../infra/web/api/guard";
import { problemResponse } from "../../infra/web/api/problems";
import "./zod-messages";

/** Route ids: the one check, shared with the services. */
export { isUuid } from "../../domain/shared";

export const json = (data: unknown, init: number | ResponseInit = 200): Response => {
  const options = typeof init === "number" ? { status: init } : init;
  return new Response(JSON.stringify(data), {
    ...options,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...options.headers },
  });
};

/**
 * A refusal the edge answers before the declared API is reached (a cross-site or demo write, a body
 * too large or not JSON, an address that names nothing): the same RFC 9457 problem the API answers
 * (infra/web/api/problems.ts), its title the status's reason phrase.
 */
export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>): Response => problemResponse(status, code, message, {}, fields);

export { DEMO_READ_ONLY_MESSAGE, SERVER_ERROR_MESSAGE };

/**
 * A typed failure of a command, as the HTTP answer a person can act on: the status and code its
 * class declares (an instance may narrow them, as an upload refusal does), and its message.
 */
const errorAnswer = (error: unknown): { status: number; code: string; message: string; fields?: Record<string, string> } | null => {
  if (typeof error !== "object" || error === null || !("_tag" in error)) return null;
  const known = httpErrors.get(String(error._tag));
  if (!known) return null;
  const e = error as {
    status?: number;
    code?: string;
    message?: string;
    fields?: Record<string, string>;
  };
  return { status: e.status ?? known.status, code: e.code ?? known.code, message: e.message || "Please check the request.", fields: e.fields };
};

/**
 * Runs an effect for a page: the value, or the typed failure to render with its HTTP status and the
 * sentence to show (as the API would answer them); defects throw (500 page).
 */
export const runForPage = async <A, E>(effect: Effect.Effect<A, E, RuntimeServices>) => {
  const exit = await runtime.runPromiseExit(effect);
  if (Exit.isSuccess(exit)) return { ok: true as const, value: exit.value };
  const failure = Cause.findErrorOption(exit.cause);
  const answer = failure._tag === "Some" ? errorAnswer(failure.value) : null;
  if (failure._tag === "Some" && answer) return { ok: false as const, error: failure.value as E, status: answer.status, message: answer.message };
  logger.error({ cause: Cause.pretty(exit.cause) }, "Page action failed");
  throw new Error(SERVER_ERROR_MESSAGE);
};

/**
 * What a body may weigh at most, by what it carries (README "Request bodies"); a route that carries
 * something else says its own (webhooks, the bulk upload, the media upload per plan).
 */
export const BODY_LIMITS = {
  /** Sign-in, sign-up, password reset and invitation: a few fields of at most 256 characters. */
  auth: 16_000,
  /** A page's plain form (settings, onboarding, approvals, checkout): a handful of short fields. */
  form: 64_000,
  /** An API call's JSON: a post's longest text (63,206 characters) with its options is far less. */
  json: 1_000_000,
} as const;

/**
 * The 413 of a body over `maxBytes`, with `Connection: close`: the client stops sending and the
 * socket is closed once the answer is out, so the rest of the body is never read.
 */
export const bodyTooLarge = (request: Request, maxBytes: number): Response => {
  const message = bodyTooLargeMessage(maxBytes);
  if (wantsPage(request)) return new Response(message, { status: 413, headers: { "content-type": "text/plain; charset=utf-8", connection: "close" } });
  const response = apiError(413, "too_large", message);
  response.headers.set("connection", "close");
  return response;
};

/** A browser's navigation (a plain form's post), as opposed to a script's call. */
const wantsPage = (request: Request) => (request.headers.get("accept") ?? "").includes("text/html");

export const BODY_INTERRUPTED_MESSAGE = "The request body broke off before its end. Please try again.";

/**
 * A request's body, at most `maxBytes` of it, through the one bounded reader (infra/web/request-body.ts):
 * the bytes, or the answer to send (413 past the limit, 400 when it broke off).
 */
export const readBody = async (request: Request, maxBytes: number): Promise<{ ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; response: Response }> => {
  try {
    return { ok: true, bytes: await readBounded(request, maxBytes) };
  } catch (error) {
    if (error instanceof BodyTooLarge) return { ok: false, response: bodyTooLarge(request, maxBytes) };
    if (error instanceof BodyInterrupted) return { ok: false, response: apiError(400, "body_interrupted", BODY_INTERRUPTED_MESSAGE) };
    throw error;
  }
};

/** The context of a request's command: now, its correlation id, and who acts (the signed-in person, else a visitor). */
export const commandContext = (locals: App.Locals, request: Request): CommandContext => ({
  actor: locals.user ? { kind: "person", userId: locals.user.id } : { kind: "visitor" },
  now: new Date(),
  correlationId: request.headers.get("x-request-id") ?? crypto.randomUUID(),
  causationId: null,
});

export const clientInfo = (request: Request, clientAddress: string | undefined) => ({
  userAgent: request.headers.get("user-agent"),
  ip: clientAddress ?? null,
});

/** A file to save (a report, an export): never cached, since it holds the workspace's figures. */
export const download = (file: { readonly filename: string; readonly contentType: string; readonly body: string | Uint8Array }): Response =>
  new Response(typeof file.body === "string" ? file.body : Buffer.from(file.body), {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "private, no-store",
    },
  });


