import type { AstroCookies } from "astro";
import type { z } from "zod";
import { readForm, safeNext, validateForm } from "../features/auth/forms";
import { apiError, parseJsonBody } from "./http";
import { setFlash } from "./session-cookie";

/**
 * The body of a call sent by a script (JSON) or by a plain HTML form (the shell's switcher, a page
 * without an island): its data and, for a form, `back`, the screen to redirect to once done; or the
 * 400 answer with the first field's message.
 */
export const parseFormOrJson = async <S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<{ ok: true; data: z.infer<S>; back: string | null } | { ok: false; response: Response; back: string | null }> => {
  if (!(request.headers.get("content-type") ?? "").includes("form")) {
    const json = await parseJsonBody(request, schema);
    return json.ok ? { ok: true, data: json.data, back: null } : { ...json, back: null };
  }
  const form = await readForm(request);
  if (!form.ok) return { ...form, back: null };
  const { values } = form;
  const input = validateForm(schema, values);
  const back = safeNext(values.back, "/app/dashboard");
  if (!input.ok) return { ok: false, response: apiError(400, "invalid_input", Object.values(input.errors)[0] ?? "Please check the form.", input.errors), back };
  return { ok: true, data: input.data, back };
};

/**
 * A plain form's answer: a refusal takes the person back to the form's screen with its sentence in a
 * toast titled `title`, instead of a page of JSON; a script's call (no `back`) gets the answer as it is.
 */
export const backToForm = async (
  answer: Response | Promise<Response>,
  form: { readonly back: string | null; readonly cookies: AstroCookies; readonly title: string },
) => {
  const response = await answer;
  if (!form.back || response.status < 400) return response;
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  setFlash(form.cookies, { title: form.title, description: body?.error?.message ?? "Please check the form.", variant: "destructive" });
  return new Response(null, { status: 303, headers: { location: form.back } });
};
