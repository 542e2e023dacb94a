import type { AstroCookies } from "astro";
import { SESSION_COOKIE, SESSION_DAYS } from "../../infra/auth/Sessions";
import { DEMO_COOKIE, DEVICE_COOKIE, FLASH_COOKIE, FLASH_COOKIE_OPTIONS, type FlashToast } from "../../infra/web/cookies";

/** The app's cookie names, shared with the declared operations that set them (infra/web/cookies.ts). */
export { DEMO_COOKIE, DEVICE_COOKIE, FLASH_COOKIE, type FlashToast };

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

export const clearSessionCookie = (cookies: AstroCookies) => cookies.delete(SESSION_COOKIE, { path: "/" });

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
