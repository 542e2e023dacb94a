import type { z } from "zod";
import { formValues, safeNext, validateForm } from "../features/auth/forms";
import { apiError, parseJsonBody } from "./http";

/**
 * The body of a call sent by a script (JSON) or by a plain HTML form (the shell's switcher, a page
 * without an island): its data and, for a form, `back`, the screen to redirect to once done; or the
 * 400 answer with the first field's message.
 */
export const parseFormOrJson = async <S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<{ ok: true; data: z.infer<S>; back: string | null } | { ok: false; response: Response }> => {
  if (!(request.headers.get("content-type") ?? "").includes("form")) {
    const json = await parseJsonBody(request, schema);
    return json.ok ? { ok: true, data: json.data, back: null } : json;
  }
  const values = await formValues(request);
  const input = validateForm(schema, values);
  if (!input.ok) return { ok: false, response: apiError(400, "invalid_input", Object.values(input.errors)[0] ?? "Please check the form.", input.errors) };
  return { ok: true, data: input.data, back: safeNext(values.back, "/app/dashboard") };
};
