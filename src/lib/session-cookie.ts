import { FLASH_COOKIE, FLASH_COOKIE_OPTIONS, type FlashToast } from "../../infra/web/flash";
import type { AstroCookies } from "astro";
import { KNOWN_DEVICE_DAYS } from "../../domain/identity";
import { SESSION_COOKIE, SESSION_DAYS } from "../../infra/auth/Sessions";

const isSecure = (url: URL, request: Request) =>
  url.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";

/** HttpOnly, SameSite=Lax, Secure over HTTPS, 30 days (renewed as the session slides). */
export const setSessionCookie = (cookies: AstroCookies, token: string, url: URL, request: Request) =>
  cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecure(url, request),
    path: "/",
    maxAge: SESSION_DAYS * 86_400,
  });

/**
 * The known-device cookie: set at each successful sign-in, kept across sign-outs, for a year. A
 * browser that sends it for the account is throttled by its own failures only, never by a
 * stranger's (infra/identity/SignIn.ts).
 */
export const DEVICE_COOKIE = "device";

export const setDeviceCookie = (cookies: AstroCookies, token: string, url: URL, request: Request) =>
  cookies.set(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecure(url, request),
    path: "/",
    maxAge: KNOWN_DEVICE_DAYS * 86_400,
  });

export const clearSessionCookie = (cookies: AstroCookies) => cookies.delete(SESSION_COOKIE, { path: "/" });

export const DEMO_COOKIE = "demo";
export { FLASH_COOKIE, type FlashToast };
/** What was typed in a plain form the server refused, for its page to fill the form again (once). */
export const KEPT_FORM_COOKIE = "kept-form";

/** A toast for the next page the browser shows (after a redirect), e.g. "Welcome back!". */
export const setFlash = (cookies: AstroCookies, toast: FlashToast) =>
  cookies.set(FLASH_COOKIE, JSON.stringify(toast), {
    path: FLASH_COOKIE_OPTIONS.path,
    sameSite: FLASH_COOKIE_OPTIONS.sameSite,
    maxAge: FLASH_COOKIE_OPTIONS.maxAgeSeconds,
    httpOnly: FLASH_COOKIE_OPTIONS.httpOnly,
  });
