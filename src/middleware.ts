import { STATUS_CODES } from "node:http";
import type { APIContext, MiddlewareNext } from "astro";
import { defineMiddleware } from "astro:middleware";
import { Effect } from "effect";
import { SESSION_COOKIE, Sessions } from "../infra/auth/Sessions";
import { ensureDemo } from "../infra/demo";
import { DEMO_USER_ID } from "../infra/identity/Registration";
import { Users } from "../infra/identity/Users";
import { logger } from "../infra/log";
import { apiError, DEMO_READ_ONLY_MESSAGE } from "./lib/http";
import { NUL_MESSAGE, unstorableText } from "../infra/web/http-fields";
import { CROSS_SITE_MESSAGE, isCrossSiteWrite } from "../infra/web/api/guard";
import { legacyToAppPath } from "./lib/routes";
import { backToForm, plainFormOf } from "./lib/form-or-json";
import { clearSessionCookie, DEMO_COOKIE, FLASH_COOKIE, type FlashToast, KEPT_FORM_COOKIE, setSessionCookie } from "./lib/session-cookie";
import { runtime } from "./runtime";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Sign-up, sign-in and the rest of auth stay out of demo mode (they are how a visitor leaves it); reading the user does not. */
const AUTH_API = /^\/api\/auth\/(?!user$)/;

/** The first parameter of a query string whose name or value PostgreSQL could not store, with why (as parseQuery says it). */
const unstorableQuery = (params: URLSearchParams): { readonly key: string; readonly message: string } | null => {
  for (const [key, value] of params) {
    const problem = unstorableText({ [key]: value });
    if (problem) return { key: problem.path, message: problem.message };
  }
  return null;
};

/** The same refusal for a person who opened the address: which parameter, and what to do. */
const unstorableQueryPage = (key: string, message: string) =>
  message === NUL_MESSAGE
    ? `The parameter "${key}" of the address holds a NUL character (U+0000), which text cannot hold. Remove it and try again.`
    : `The parameter "${key}" of the address: ${message}`;

/** A body another site's plain HTML form can send (the content types a browser posts with no preflight). */
const isSimpleFormType = (request: Request) => /^(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i.test(request.headers.get("content-type") ?? "");

const isAppPath = (path: string) => path === "/app" || path.startsWith("/app/");
/** The API and the media files: read in demo mode like the app's pages, never a navigation away from it. */
const isDataPath = (path: string) => path.startsWith("/api/") || path.startsWith("/media/");
const isAdminPath = (path: string) => path === "/admin" || path.startsWith("/admin/");
const wantsHtml = (request: Request) => (request.headers.get("accept") ?? "").includes("text/html");

/** The signed-in user of the request, renewing the session cookie as it slides. */
const loadUser = async (token: string, context: APIContext) => {
  const exit = await runtime.runPromiseExit(
    Effect.gen(function* () {
      const session = yield* (yield* Sessions).validate(token, new Date());
      if (!session) return null;
      const user = yield* (yield* Users).findById(session.userId);
      return user ? { session, user } : null;
    }),
  );
  if (exit._tag === "Failure") {
    logger.error({ cause: String(exit.cause) }, "Session lookup failed");
    return null;
  }
  const found = exit.value;
  if (!found) {
    clearSessionCookie(context.cookies);
    return null;
  }
  if (found.session.renewed) setSessionCookie(context.cookies, token, context.url, context.request);
  return found;
};

const loadDemoUser = async () =>
  runtime.runPromise(
    Users.use((users) =>
      Effect.flatMap(users.findById(DEMO_USER_ID), (user) =>
        user ? Effect.succeed(user) : Effect.andThen(ensureDemo(new Date()), users.findById(DEMO_USER_ID)),
      ),
    ),
  );

/**
 * Every answer to a request that carries a session is `Cache-Control: no-store` (pages, API calls,
 * redirects, error pages): after Sign out, Back or a reopened tab cannot show the previous person's
 * pages from the browser's cache, and Chromium keeps no such page in its back/forward cache. The
 * media files keep their own `private` caching with an ETag (images of the workspace's library,
 * shown only to its members; a page that shows them is never itself cached). The lanes in front of
 * Astro agree: the static pages are never served from memory to a request with the session cookie
 * (infra/web/static-pages.ts PAGE_COOKIES), and GET /api/auth/user's lane answers no-store.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  // The request's session, or one this answer starts (signing in); read before the answer may delete it.
  const sessionBefore = context.cookies.has(SESSION_COOKIE);
  const response = await answer(context, next);
  if (!(sessionBefore || context.cookies.has(SESSION_COOKIE)) || context.url.pathname.startsWith("/media/")) return response;
  try {
    response.headers.set("cache-control", "no-store");
    return response;
  } catch {
    // A Response.redirect's headers are immutable: the same answer with the header.
    const copy = new Response(response.body, response);
    copy.headers.set("cache-control", "no-store");
    return copy;
  }
});

const answer = async (context: APIContext, next: MiddlewareNext): Promise<Response> => {
  const { url, request, cookies, locals } = context;
  const path = url.pathname;
  locals.user = null;
  locals.demo = false;
  locals.sessionId = null;
  locals.flash = null;
  locals.keptForm = null;

  // Text PostgreSQL cannot store (U+0000, a broken character) never reaches a query: no page or
  // item has such a name (404), and no parameter of an address may hold it (400).
  if (Object.values(context.params).some((value) => value !== undefined && unstorableText(value) !== null)) {
    if (path.startsWith("/api/")) return apiError(404, "not_found", "Not found.");
    const notFound = await next("/404");
    return new Response(notFound.body, { status: 404, statusText: "Not Found", headers: notFound.headers });
  }
  const badQuery = unstorableQuery(url.searchParams);
  if (badQuery) {
    if (path.startsWith("/api/") || !wantsHtml(request)) return apiError(400, "invalid_input", badQuery.message, { [badQuery.key]: badQuery.message });
    return new Response(unstorableQueryPage(badQuery.key, badQuery.message), { status: 400, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  }

  if (path.startsWith("/_astro/") || path === "/favicon.svg" || path === "/api/health") return next();

  // Cross-site writes are refused whatever their content type: pages here, and a form a browser
  // sends to the API from another site (refused as it is, never sent back to a form of ours); the
  // API's guard refuses the others (and knows a program's key, which no browser sends by itself).
  if (isCrossSiteWrite(request, url.origin) && (!path.startsWith("/api/") || isSimpleFormType(request))) return apiError(403, "cross_site", CROSS_SITE_MESSAGE);

  if (path === "/demo" || path.startsWith("/demo/")) {
    const rest = path.slice("/demo".length).replace(/^\/+/, "");
    return context.redirect(`/app/${rest || "dashboard"}?demo=true`, 302);
  }

  const token = cookies.get(SESSION_COOKIE)?.value;
  const signedIn = token ? await loadUser(token, context) : null;
  if (signedIn) {
    locals.user = signedIn.user;
    locals.sessionId = signedIn.session.id;
  }

  const flash = isDataPath(path) ? undefined : cookies.get(FLASH_COOKIE)?.value;
  if (flash) {
    try {
      locals.flash = JSON.parse(flash) as FlashToast;
    } catch {}
    cookies.delete(FLASH_COOKIE, { path: "/" });
  }
  const kept = isDataPath(path) ? undefined : cookies.get(KEPT_FORM_COOKIE)?.value;
  if (kept) {
    try {
      locals.keptForm = JSON.parse(kept) as App.Locals["keptForm"];
    } catch {}
    cookies.delete(KEPT_FORM_COOKIE, { path: "/" });
  }

  const legacyTarget = legacyToAppPath(path, { signedIn: Boolean(signedIn) || url.searchParams.get("demo") === "true" || cookies.has(DEMO_COOKIE) });
  const appPath = legacyTarget ?? path;
  const inShell = isAppPath(appPath);

  // Demo mode (spec core §1): /demo or ?demo=true; a cookie keeps it while the visitor browses the app.
  const demoRequested = url.searchParams.get("demo") === "true";
  if (demoRequested && (inShell || isDataPath(path))) cookies.set(DEMO_COOKIE, "1", { path: "/", sameSite: "lax", httpOnly: true });
  const demo = (inShell || isDataPath(path)) && !AUTH_API.test(path) && (demoRequested || (!signedIn && cookies.has(DEMO_COOKIE)));
  if (!inShell && !isDataPath(path) && wantsHtml(request) && cookies.has(DEMO_COOKIE)) {
    // Opening a public page ends demo mode (not the browser's own fetches, such as /favicon.ico).
    cookies.delete(DEMO_COOKIE, { path: "/" });
  }
  if (demo) {
    locals.demo = true;
    locals.user = await loadDemoUser();
    locals.sessionId = null;
    // A call of the API is refused by its guard, which knows the posts that only read (OnlyReads); a
    // plain form post gets a page saying so, with the way back.
    if (UNSAFE.has(request.method) && !(path.startsWith("/api/") && !wantsHtml(request))) {
      if (!wantsHtml(request)) return apiError(403, "demo_read_only", DEMO_READ_ONLY_MESSAGE);
      const page = await next(new Request(new URL("/demo-read-only", url), { headers: request.headers }));
      return new Response(page.body, { status: 403, headers: page.headers });
    }
  }

  if (path.startsWith("/api/admin/") && !(signedIn?.user.isOperator && !demo)) {
    return apiError(404, "not_found", "Not found.");
  }
  if (isAdminPath(path) && !(signedIn?.user.isOperator && !demo)) {
    const notFound = await next("/404");
    return new Response(notFound.body, { status: 404, headers: notFound.headers });
  }

  if (inShell && !locals.user) {
    const back = `${path}${url.search}`;
    return context.redirect(`/login?next=${encodeURIComponent(back)}`, 302);
  }

  if (signedIn && !demo && (path === "/login" || path === "/register") && request.method === "GET") {
    return context.redirect("/app/dashboard", 302);
  }

  // A plain HTML form (no script) sent to the API: a refusal goes back to the form's page with its
  // sentence, never to a page of JSON. One place for every form, so a new one cannot forget.
  const plainForm = path.startsWith("/api/") ? await plainFormOf(request, url) : null;

  if (path.startsWith("/api/") && !wantsHtml(request)) {
    let response = await next();
    // A path or a method no route has gets Astro's HTML 404 page: an API client gets JSON instead.
    if (response.status === 404 && !(response.headers.get("content-type") ?? "").includes("json")) {
      response = apiError(404, "not_found", `There is no call ${request.method} ${path}.`);
    }
    if (plainForm) return backToForm(response, plainForm, request, cookies);
    // API answers are never cached by browsers or proxies.
    response.headers.set("cache-control", "no-store");
    return response;
  }
  if (plainForm) return backToForm(withReasonPhrase(await next()), plainForm, request, cookies);

  return withReasonPhrase(await (legacyTarget ? next(`${legacyTarget}${url.search}`) : next()));
};

/**
 * A page that sets `Astro.response.status` keeps Astro's default status text "OK" ("400 OK" on the
 * wire, "400 (OK)" in the browser's console): the status's own reason phrase replaces it.
 */
const withReasonPhrase = (response: Response): Response =>
  response.status !== 200 && response.statusText === "OK"
    ? new Response(response.body, { status: response.status, statusText: STATUS_CODES[response.status] ?? "", headers: response.headers })
    : response;
