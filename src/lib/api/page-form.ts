import type { AstroGlobal } from "astro";
import type { PathsOf, RequestOf, ResponseOf } from "./client";
import { serveApi } from "./serve";

type Method = "POST" | "PUT" | "PATCH" | "DELETE";

/** A declared operation's answer to a page's form: its JSON, or the problem's sentence and field sentences. */
export type FormOutcome<A> =
  | { readonly ok: true; readonly data: A }
  | { readonly ok: false; readonly status: number; readonly detail: string; readonly code: string; readonly errors: Readonly<Record<string, string>> };

/**
 * The one adapter of pages whose forms work without JavaScript (sign in, sign up, the public
 * approval page…): the page's POST runs the same declared operation an island or a program calls,
 * in-process and through the same guard, with the request's cookies, origin and address; the
 * cookies the operation sets (a session) go on the page's answer. The page then redirects or shows
 * the refusal beside its fields.
 */
export const submitToOperation = async <M extends Method, P extends PathsOf<M>>(
  Astro: AstroGlobal,
  method: M,
  path: P,
  request: RequestOf<M, P>,
): Promise<FormOutcome<ResponseOf<M, P>>> => {
  const { params, payload } = request as { params?: Record<string, string>; payload?: unknown };
  const target = new URL((path as string).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? "")), Astro.url);
  const headers = new Headers({ "content-type": "application/json", accept: "application/json", origin: Astro.url.origin });
  for (const name of ["cookie", "user-agent", "x-request-id"]) {
    const value = Astro.request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const response = await serveApi(
    new Request(target, { method, headers, body: JSON.stringify(payload ?? {}) }),
    Astro.locals,
    Astro.url.origin,
    Astro.clientAddress,
  );
  for (const cookie of response.headers.getSetCookie()) Astro.response.headers.append("set-cookie", cookie);
  const text = await response.text();
  const body = text === "" ? undefined : JSON.parse(text);
  if (response.ok) return { ok: true, data: body };
  return { ok: false, status: response.status, detail: body?.detail ?? "Something went wrong. Please try again.", code: body?.code ?? "", errors: body?.errors ?? {} };
};
