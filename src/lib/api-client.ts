/**
 * A refusal of our API as the islands read it: the typed client (./api/client.ts) throws `ApiError`
 * whose message is `${status}: ${bodyText || statusText}` (spec core §8); the helpers below read
 * its RFC 9457 problem (`detail`, `code`, `errors`).
 */

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

/** An RFC 9457 problem, as the API answers every refusal (infra/web/api/problems.ts). */
interface ProblemBody {
  readonly detail?: unknown;
  readonly code?: unknown;
  readonly errors?: unknown;
}

/** The problem of an API error (from an `ApiError` or any Error with the "NNN: body" message). */
const problemOf = (error: unknown): ProblemBody | null => {
  let text: string | undefined;
  if (error instanceof ApiError) text = error.body;
  else if (error instanceof Error) text = /^\d{3}: ([\s\S]*)$/.exec(error.message)?.[1];
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null ? (parsed as ProblemBody) : null;
  } catch {
    return null;
  }
};

/**
 * The sentence of an API error (its problem's `detail`), for a toast's description; `fallback`
 * when the error carries none (network failure, HTML, empty).
 */
export const apiErrorMessage = (error: unknown, fallback: string): string => {
  const message = problemOf(error)?.detail;
  return typeof message === "string" && message.trim() !== "" ? message : fallback;
};

/** The error's machine code (e.g. "conflict"), when the API gave one. */
export const apiErrorCode = (error: unknown): string | null => {
  const code = problemOf(error)?.code;
  return typeof code === "string" ? code : null;
};

/** The per-field messages of a validation error (field name → message), or {}. */
export const apiErrorFields = (error: unknown): Record<string, string> => {
  const fields = problemOf(error)?.errors;
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
