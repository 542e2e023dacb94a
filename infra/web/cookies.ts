import { Duration, Effect } from "effect";
import { HttpEffect, HttpServerRequest, HttpServerResponse } from "effect/http";
import { KNOWN_DEVICE_DAYS } from "../../domain/identity";
import { SESSION_COOKIE, SESSION_DAYS } from "../auth/Sessions";

/**
 * The app's cookies, as a declared operation sets them (sign-in, sign-up, sign-out): the same names
 * and options as the pages' (src/lib/session-cookie.ts reads these). HttpOnly and SameSite=Lax, Secure
 * over HTTPS (or behind a proxy that says so).
 */
export { SESSION_COOKIE };
/** The known-device cookie: set at each successful sign-in, kept across sign-outs, for a year (infra/identity/SignIn.ts). */
export const DEVICE_COOKIE = "device";
export const DEMO_COOKIE = "demo";
export const FLASH_COOKIE = "flash";
/** A minute: the redirect's page reads it at once. */
export const FLASH_COOKIE_OPTIONS = { path: "/", sameSite: "lax", maxAgeSeconds: 60, httpOnly: true } as const;

/** A toast for the next page the browser shows (after a redirect), e.g. "Logged out successfully". */
export interface FlashToast {
  readonly title: string;
  readonly description?: string;
  readonly variant?: "default" | "destructive";
}

/** What an operation's answer does to the browser's cookies. */
export interface CookieChanges {
  readonly session?: string;
  readonly device?: string;
  readonly flash?: FlashToast;
  readonly clear?: ReadonlyArray<typeof SESSION_COOKIE | typeof DEMO_COOKIE>;
}

const secureFor = (request: HttpServerRequest.HttpServerRequest) =>
  request.headers["x-forwarded-proto"] === "https" || request.originalUrl.startsWith("https:");

/**
 * Sets and clears cookies on whatever the operation answers (its declared success is encoded as
 * usual): the request decides Secure, as the pages' cookies do.
 */
export const changeCookies = (changes: CookieChanges) =>
  HttpEffect.appendPreResponseHandler((request, response) => {
    const base = { httpOnly: true, sameSite: "lax" as const, path: "/", secure: secureFor(request) };
    let answer = response;
    for (const name of changes.clear ?? []) answer = HttpServerResponse.expireCookieUnsafe(answer, name, { path: "/" });
    if (changes.session !== undefined) answer = HttpServerResponse.setCookieUnsafe(answer, SESSION_COOKIE, changes.session, { ...base, maxAge: Duration.days(SESSION_DAYS) });
    if (changes.device !== undefined) answer = HttpServerResponse.setCookieUnsafe(answer, DEVICE_COOKIE, changes.device, { ...base, maxAge: Duration.days(KNOWN_DEVICE_DAYS) });
    if (changes.flash !== undefined) {
      answer = HttpServerResponse.setCookieUnsafe(answer, FLASH_COOKIE, JSON.stringify(changes.flash), {
        httpOnly: FLASH_COOKIE_OPTIONS.httpOnly,
        sameSite: FLASH_COOKIE_OPTIONS.sameSite,
        path: FLASH_COOKIE_OPTIONS.path,
        maxAge: Duration.seconds(FLASH_COOKIE_OPTIONS.maxAgeSeconds),
      });
    }
    return Effect.succeed(answer);
  });

/** The cookie a request came with, or null. */
export const requestCookie = (name: string) =>
  Effect.gen(function* () {
    return (yield* HttpServerRequest.HttpServerRequest).cookies[name] ?? null;
  });
