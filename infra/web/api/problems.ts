import { STATUS_CODES } from "node:http";
import { Schema, SchemaTransformation } from "effect";
import { HttpApiSchema } from "effect/http-api";
import {
  ConcurrencyConflict,
  Conflict,
  Forbidden,
  InvalidInput,
  NotFound,
  PlanLimitReached,
} from "../../../domain/shared";

/**
 * RFC 9457 problem details (`application/problem+json`), the one shape of every refusal the
 * declared API answers: `type` (a stable URN per kind), `title` (the kind, in words), `status`,
 * `detail` (the sentence a person reads: the error's own message, as today), `code` (the stable
 * code the `{error:{code}}` body had, so screens keep telling kinds apart) and, for input to
 * correct, `errors` (field → sentence).
 */
export const PROBLEM_CONTENT_TYPE = "application/problem+json";

export const problemType = (code: string) => `urn:socialdesk:problem:${code}`;

/** The body of every problem the API answers. */
export interface ProblemBody {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: string;
  readonly errors?: Readonly<Record<string, string>>;
}

const bodyOf = (status: number, code: string, title: string) =>
  Schema.Struct({
    type: Schema.Literal(problemType(code)),
    title: Schema.Literal(title),
    status: Schema.Literal(status),
    detail: Schema.String,
    code: Schema.Literal(code),
    errors: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
  });

/** A tagged error of the domain (its class carries its status and code) answered as a problem. */
interface HttpErrorClass<E> extends Schema.Top {
  readonly status: number;
  readonly code: string;
  readonly Type: E;
}

/**
 * Declares a module's tagged error as a problem an endpoint may answer: the class keeps its
 * status and code (domain/shared errors), the body says its message as `detail` and its `fields`
 * as `errors`. `fromBody` turns a body back into the error (typed clients); the `type` tells two
 * problems of one status apart.
 */
export const problem = <E extends { readonly message: string; readonly fields?: Readonly<Record<string, string>> | undefined }>(
  errorClass: HttpErrorClass<E> & Schema.Codec<E, unknown>,
  title: string,
  fromBody: (body: ProblemBody) => E,
) => {
  const { status, code } = errorClass;
  return bodyOf(status, code, title).pipe(
    Schema.decodeTo(
      Schema.toType(errorClass),
      SchemaTransformation.transform<E, any>({
        decode: (body) => fromBody(body as ProblemBody),
        encode: (error) => ({
          type: problemType(code),
          title,
          status,
          detail: error.message,
          code,
          ...(error.fields ? { errors: error.fields } : {}),
        }),
      }),
    ),
    HttpApiSchema.asJson({ contentType: PROBLEM_CONTENT_TYPE }),
    HttpApiSchema.status(status),
  );
};

// The domain's shared errors as problems: a module declares on each endpoint the ones it can answer.
export const NotFoundProblem = problem(NotFound, "Not found", (body) => new NotFound({ what: "item", fields: body.errors }));
export const InvalidInputProblem = problem(InvalidInput, "Invalid input", (body) => new InvalidInput({ message: body.detail, fields: body.errors }));
export const ConflictProblem = problem(Conflict, "Conflict", (body) => new Conflict({ message: body.detail }));
export const VersionConflictProblem = problem(
  ConcurrencyConflict,
  "Changed by someone else",
  () => new ConcurrencyConflict({ streamId: "", expected: "", actual: 0 }),
);
export const ForbiddenProblem = problem(Forbidden, "Not allowed", (body) => new Forbidden({ message: body.detail }));
export const PlanLimitProblem = problem(PlanLimitReached, "Not in your plan", (body) => new PlanLimitReached({ message: body.detail }));

/** No session (401): the guard's answer before anything else. */
export class Unauthorized extends Schema.TaggedError<Unauthorized>()("Unauthorized", {
  message: Schema.String,
}) {
  static readonly status = 401;
  static readonly code = "unauthorized";
}
export const UnauthorizedProblem = problem(Unauthorized, "Sign in first", (body) => new Unauthorized({ message: body.detail }));

/**
 * A write the edge refuses whatever the caller may do: demo mode's read-only workspace, or a
 * cross-site request (403, its own code: `demo_read_only`, `cross_site`).
 */
export class WriteRefused extends Schema.TaggedError<WriteRefused>()("WriteRefused", {
  message: Schema.String,
  code: Schema.Literals(["demo_read_only", "cross_site"]),
}) {
  static readonly status = 403;
}
/** Two problems of one status, declared apart: a union would lose the status in the OpenAPI document. */
export const WriteRefusedProblems = [
  problemOfCode(WriteRefused, "demo_read_only", "Demo mode is read-only"),
  problemOfCode(WriteRefused, "cross_site", "Cross-site request"),
] as const;

function problemOfCode(errorClass: typeof WriteRefused, code: "demo_read_only" | "cross_site", title: string) {
  return bodyOf(WriteRefused.status, code, title).pipe(
    Schema.decodeTo(
      Schema.toType(errorClass).check(Schema.makeFilter((error) => error.code === code)),
      SchemaTransformation.transform<WriteRefused, any>({
        decode: (body) => new WriteRefused({ message: body.detail, code }),
        encode: (error) => ({ type: problemType(code), title, status: WriteRefused.status, detail: error.message, code }),
      }),
    ),
    HttpApiSchema.asJson({ contentType: PROBLEM_CONTENT_TYPE }),
    HttpApiSchema.status(WriteRefused.status),
  );
}

/**
 * An API key past its requests a minute (429, with Retry-After): answered at the edge
 * (infra/api-limits/edge.ts) before the operation runs, declared on the guard so that every guarded
 * operation's document lists it.
 */
export class RateLimited extends Schema.TaggedError<RateLimited>()("RateLimited", {
  message: Schema.String,
}) {
  static readonly status = 429;
  static readonly code = "rate_limited";
}
export const RateLimitedProblem = problem(RateLimited, "Too Many Requests", (body) => new RateLimited({ message: body.detail }));

/**
 * A problem answered outside the declared operations (at the edge, before the API runs: a body too
 * large, a key's rate limit), its title the status's reason phrase.
 */
export const problemResponse = (status: number, code: string, detail: string, headers: Record<string, string> = {}, fields?: Record<string, string>): Response =>
  new Response(
    JSON.stringify({ type: problemType(code), title: STATUS_CODES[status] ?? "Error", status, detail, code, ...(fields ? { errors: fields } : {}) }),
    { status, headers: { "content-type": PROBLEM_CONTENT_TYPE, "cache-control": "no-store", ...headers } },
  );

/** Anything not declared: logged, and answered 500 with no internals. */
export const SERVER_ERROR_PROBLEM = (detail: string): ProblemBody => ({
  type: problemType("server_error"),
  title: "Server error",
  status: 500,
  detail,
  code: "server_error",
});

/** A platform's delivery to a feature this server has not set up (its secret or token not configured): 503. */
export class NotConfigured extends Schema.TaggedError<NotConfigured>()("NotConfigured", {
  message: Schema.String,
}) {
  static readonly status = 503;
  static readonly code = "not_configured";
}
export const NotConfiguredProblem = problem(NotConfigured, "Not configured on this server", (body) => new NotConfigured({ message: body.detail }));

/** A platform's delivery whose signature is missing or wrong: 401, and nothing is stored. */
export class BadSignature extends Schema.TaggedError<BadSignature>()("BadSignature", {
  message: Schema.String,
}) {
  static readonly status = 401;
  static readonly code = "bad_signature";
}
export const BadSignatureProblem = problem(BadSignature, "Bad signature", (body) => new BadSignature({ message: body.detail }));

/** A platform's delivery that is not the JSON it sends: 400. */
export class InvalidJson extends Schema.TaggedError<InvalidJson>()("InvalidJson", {
  message: Schema.String,
}) {
  static readonly status = 400;
  static readonly code = "invalid_json";
}
export const InvalidJsonProblem = problem(InvalidJson, "Not JSON", (body) => new InvalidJson({ message: body.detail }));
