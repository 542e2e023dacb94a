/**
 * The islands' way to call our API. Cookies go along; a JSON body (with its content type) only
 * when there is a payload; any non-OK answer throws `ApiError` whose message is
 * `${status}: ${bodyText || statusText}` (spec core §8).
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiFetchOptions {
  method?: HttpMethod;
  /** Sent as JSON. Leave undefined for no body. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** A non-OK answer of the API. `message` follows the spec's rule; `body` is the raw text. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

/**
 * Calls `path` and answers its parsed JSON (or the text when the answer is not JSON, or null
 * when it is empty). Throws `ApiError` on a non-OK status; network failures throw as fetch does.
 */
export const apiFetch = async <T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> => (await call<T>(path, options)).data;

/** A page of a list: its items and the next page's cursor (the `x-next-cursor` header), null on the last page. */
export const apiFetchPage = async <T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<{ data: T; next: string | null }> => {
  const { data, response } = await call<T>(path, options);
  return { data, next: response.headers.get("x-next-cursor") };
};

const call = async <T>(path: string, options: ApiFetchOptions): Promise<{ data: T; response: Response }> => {
  const { method = "GET", body, signal, headers = {} } = options;
  const hasBody = body !== undefined;
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers: { Accept: "application/json", ...(hasBody ? { "Content-Type": "application/json" } : {}), ...headers },
    ...(hasBody ? { body: JSON.stringify(body) } : {}),
    ...(signal ? { signal } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  if (text === "") return { data: null as T, response };
  const contentType = response.headers.get("content-type") ?? "";
  return { data: (contentType.includes("json") ? JSON.parse(text) : text) as T, response };
};

interface ApiErrorBody {
  error?: { code?: unknown; message?: unknown; fields?: unknown };
}

/** An RFC 9457 problem, as the declared operations answer (infra/web/api/problems.ts). */
interface ProblemBody {
  detail?: unknown;
  code?: unknown;
  errors?: unknown;
}

/** A problem read as today's `{error:{code,message,fields}}`, so the screens read both while modules move. */
const asErrorBody = (parsed: ApiErrorBody & ProblemBody): ApiErrorBody =>
  parsed.error !== undefined || (parsed.detail === undefined && parsed.errors === undefined)
    ? parsed
    : { error: { code: parsed.code, message: parsed.detail, fields: parsed.errors } };

/** The JSON body of an API error (from an `ApiError` or any Error with the "NNN: body" message). */
const errorBodyOf = (error: unknown): ApiErrorBody | null => {
  let text: string | undefined;
  if (error instanceof ApiError) text = error.body;
  else if (error instanceof Error) text = /^\d{3}: ([\s\S]*)$/.exec(error.message)?.[1];
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null ? asErrorBody(parsed as ApiErrorBody & ProblemBody) : null;
  } catch {
    return null;
  }
};

/**
 * The human message of an API error `{ "error": { "code", "message", "fields"? } }`, for a
 * toast's description; `fallback` when the error carries none (network failure, HTML, empty).
 */
export const apiErrorMessage = (error: unknown, fallback: string): string => {
  const message = errorBodyOf(error)?.error?.message;
  return typeof message === "string" && message.trim() !== "" ? message : fallback;
};

/** The error's machine code (e.g. "conflict"), when the API gave one. */
export const apiErrorCode = (error: unknown): string | null => {
  const code = errorBodyOf(error)?.error?.code;
  return typeof code === "string" ? code : null;
};

/** The per-field messages of a validation error (field name → message), or {}. */
export const apiErrorFields = (error: unknown): Record<string, string> => {
  const fields = errorBodyOf(error)?.error?.fields;
  if (typeof fields !== "object" || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).flatMap(([name, value]) => {
      const message = Array.isArray(value) ? value[0] : value;
      return typeof message === "string" ? [[name, message]] : [];
    }),
  );
};

/**
 * Whether a form already shows the error beside one of its fields (`shown`, the fields it has):
 * a failure is said once, so the toast is left out then.
 */
export const shownBesideFields = (fields: Readonly<Record<string, string>>, shown: Iterable<string>): boolean => {
  const names = new Set(shown);
  return Object.keys(fields).some((name) => names.has(name));
};

/** The HTTP status of an API error, or null for other errors. */
export const apiErrorStatus = (error: unknown): number | null => {
  if (error instanceof ApiError) return error.status;
  if (error instanceof Error) {
    const match = /^(\d{3}): /.exec(error.message);
    return match ? Number(match[1]) : null;
  }
  return null;
};

/**
 * What the server said was wrong with a request (its 4xx message), or null. Screens show it beside
 * what was being done; their toasts keep the spec's own failure texts.
 */
export const apiRefusal = (error: unknown): string | null => {
  const status = apiErrorStatus(error);
  return status !== null && status >= 400 && status < 500 ? apiErrorMessage(error, "") || null : null;
};
