import type { AstroCookies } from "astro";
import { readForm } from "../features/auth/forms";
import { safeNext } from "../../infra/web/return-address";
import { KEPT_FORM_COOKIE, setFlash } from "./session-cookie";

const isUrlEncoded = (request: Request) => (request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded");

/** Fields never written back into a form after a refusal (nor kept in a cookie on the way). */
const SECRET_FIELD = /password|token|secret|code/i;
/** Typed values kept for the form's page only while they fit in a cookie comfortably. */
const MAX_KEPT = 3000;

export interface PlainForm {
  /** The screen to go back to: the form's `back` field, or the page it was sent from. */
  readonly back: string;
  /** The form's address (its `action`) and what was typed in it, to fill it again. */
  readonly kept: { readonly action: string; readonly values: Record<string, string> } | null;
}

/**
 * A call to the API sent by a plain HTML form (a browser's navigation, or a form body from no
 * script), with where to go back to; null for a script's call or when there is no page to go back to.
 * Read before the route runs (from a copy: the route reads the body itself).
 */
export const plainFormOf = async (request: Request, url: URL): Promise<PlainForm | null> => {
  const navigation = (request.headers.get("accept") ?? "").includes("text/html");
  if (!navigation && !isUrlEncoded(request)) return null;
  const values =
    request.method === "GET"
      ? Object.fromEntries(url.searchParams)
      : isUrlEncoded(request)
        ? await readForm(request.clone()).then((form) => (form.ok ? form.values : {}))
        : {};
  const referer = request.headers.get("referer");
  const from = referer ? safeNext(referer, "", url.origin) : "";
  const back = values.back !== undefined ? safeNext(values.back, from || "/app/dashboard", url.origin) : from;
  if (!back || back.startsWith("/api/")) return null;
  const typed = Object.fromEntries(Object.entries(values).filter(([name]) => name !== "back" && !SECRET_FIELD.test(name)));
  const kept = Object.keys(typed).length > 0 && JSON.stringify(typed).length <= MAX_KEPT ? { action: url.pathname, values: typed } : null;
  return { back, kept };
};

/**
 * A plain form's answer: a refusal takes the person back to the form's screen with its sentence in a
 * toast (and what they typed, for the form to show again), instead of a page of JSON; any other
 * answer (a route's own redirect with its success toast, a download) goes through as it is.
 */
export const backToForm = async (response: Response, form: PlainForm, request: Request, cookies: AstroCookies): Promise<Response> => {
  if (response.status < 400 || !(response.headers.get("content-type") ?? "").includes("json")) return response;
  const body = (await response.json().catch(() => null)) as { detail?: string } | null;
  setFlash(cookies, {
    title: request.method === "GET" ? "Couldn't open that" : "Not saved",
    description: body?.detail ?? "Please check the form and try again.",
    variant: "destructive",
  });
  if (form.kept) cookies.set(KEPT_FORM_COOKIE, JSON.stringify(form.kept), { path: "/", sameSite: "lax", maxAge: 60, httpOnly: true });
  return new Response(null, { status: 303, headers: { location: form.back, "cache-control": "no-store" } });
};

/** What was typed in the form posting to `action` before it was refused, to fill it again; null otherwise. */
export const keptValues = (locals: App.Locals, action: string): Record<string, string> | null =>
  locals.keptForm?.action === action ? locals.keptForm.values : null;
