import type { z } from "zod";
import { config } from "../../../infra/config";
import { BODY_LIMITS, readBody } from "../../lib/http";
import { fieldErrors, unstorableText } from "../../../infra/web/http-fields";

/**
 * The text values of a posted form as a plain object (what the schemas read), read through the
 * bounded reader: at most `maxBytes` (a sign-in form's few fields: BODY_LIMITS.auth), else the 413
 * to send. A body that is not a form (JSON, plain text, a broken multipart) reads as an empty form:
 * its fields' messages show.
 */
export const readForm = async (
  request: Request,
  maxBytes: number = BODY_LIMITS.form,
): Promise<{ ok: true; values: Record<string, string> } | { ok: false; response: Response }> => {
  const read = await readBody(request, maxBytes);
  if (!read.ok) return read;
  const contentType = request.headers.get("content-type");
  const form = await new Response(read.bytes, { headers: contentType ? { "content-type": contentType } : {} }).formData().catch(() => null);
  const values = form ? Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string")) : {};
  return { ok: true, values };
};

/** Validates a posted form: its data, or the per-field messages to show beside the fields. */
export const validateForm = <S extends z.ZodType>(schema: S, values: Record<string, string>) => {
  const unstorable = unstorableText(values);
  if (unstorable) return { ok: false as const, errors: { [unstorable.path]: unstorable.message } };
  const parsed = schema.safeParse(values);
  return parsed.success
    ? { ok: true as const, data: parsed.data as z.infer<S> }
    : { ok: false as const, errors: fieldErrors(parsed.error) };
};

/** Longer return addresses are refused: no screen of the app needs one, and proxies cut long Location headers. */
const MAX_RETURN_ADDRESS = 2048;

/**
 * The one gate of every return address taken from a request (`next` of /login, a form's `back`):
 * the value is read as the browser would read it (the WHATWG URL parser drops tabs and newlines,
 * turns `\` into `/`, percent-encodes what a header cannot carry) against the app's origin, and
 * kept only when it stays on that origin. Answers the path, query and fragment, which are then safe
 * to put in a Location header; anything else (another origin, `javascript:`, a malformed or very
 * long value, a path the browser would read as another host) answers `fallback`. Never throws.
 */
export const safeNext = (value: unknown, fallback = "/app/dashboard", origin: string = config().publicUrl): string => {
  // Blank once the parser drops tabs, newlines and surrounding spaces: no address at all.
  if (typeof value !== "string" || value.replace(/[\t\n\r]/g, "").trim() === "" || value.length > MAX_RETURN_ADDRESS) return fallback;
  try {
    const base = new URL(origin);
    const resolved = new URL(value, base);
    if (resolved.origin !== base.origin || resolved.origin === "null") return fallback;
    // A path that starts with two slashes ("/.//evil.example" normalises to "//evil.example") would be read as another host.
    return resolved.pathname.startsWith("//") ? fallback : `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return fallback;
  }
};
