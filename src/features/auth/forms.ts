import type { z } from "zod";
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

/** The one gate of every return address (infra/web/return-address.ts). */
