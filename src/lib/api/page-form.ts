import type { APIContext } from "astro";
import { Duration } from "effect";
import { Cookies } from "effect/http";
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
 * cookies the operation sets (a session) go on the page's answer, its redirect included. The page
 * then redirects or shows the refusal beside its fields. An endpoint of a page (a plain form's
 * redirect to Stripe) may call it too.
 */
export const submitToOperation = async <M extends Method, P extends PathsOf<Method>>(
  Astro: Pick<APIContext, "url" | "request" | "locals" | "clientAddress" | "cookies">,
  method: M,
  path: P & PathsOf<M>,
  request: NoInfer<RequestOf<M, P>>,
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
  keepCookies(Astro.cookies, response.headers.getSetCookie());
  const text = await response.text();
  const body = text === "" ? undefined : JSON.parse(text);
  if (response.ok) return { ok: true, data: body };
  return { ok: false, status: response.status, detail: body?.detail ?? "Something went wrong. Please try again.", code: body?.code ?? "", errors: body?.errors ?? {} };
};

/**
 * The operation's Set-Cookie headers through the page's own cookies: Astro puts those on whatever
 * the page answers, a redirect it returns included (headers added to `Astro.response` would only
 * reach a rendered page).
 */
const keepCookies = (cookies: APIContext["cookies"], setCookies: ReadonlyArray<string>) => {
  for (const cookie of Object.values(Cookies.fromSetCookie(setCookies).cookies)) {
    const { path = "/", domain, httpOnly, secure, sameSite, maxAge, expires } = cookie.options ?? {};
    const seconds = maxAge === undefined ? undefined : Math.floor(Duration.toSeconds(Duration.fromInputUnsafe(maxAge)));
    if (seconds === 0 || (expires !== undefined && expires.getTime() <= Date.now())) {
      cookies.delete(cookie.name, { path, ...(domain ? { domain } : {}) });
      continue;
    }
    cookies.set(cookie.name, cookie.value, {
      path,
      ...(domain ? { domain } : {}),
      ...(httpOnly ? { httpOnly } : {}),
      ...(secure ? { secure } : {}),
      ...(sameSite ? { sameSite } : {}),
      ...(seconds !== undefined ? { maxAge: seconds } : {}),
      ...(expires !== undefined && seconds === undefined ? { expires } : {}),
    });
  }
};
