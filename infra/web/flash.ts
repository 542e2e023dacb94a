import { Duration } from "effect";
import { HttpServerResponse } from "effect/http";

/** The toast for the next page the browser shows (after a redirect), e.g. "Welcome back!": one cookie, read once by the page. */
export const FLASH_COOKIE = "flash";
/** A minute: the redirect's page reads it at once. */
export const FLASH_COOKIE_OPTIONS = { path: "/", sameSite: "lax", maxAgeSeconds: 60, httpOnly: true } as const;

export interface FlashToast {
  readonly title: string;
  readonly description?: string;
  readonly variant?: "default" | "destructive";
}

/** A declared operation's redirect (303 unless said) with a toast for the page it leads to. */
export const redirectWithFlash = (location: string, toast: FlashToast, status = 303): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.redirect(location, { status }).pipe(
    HttpServerResponse.setCookieUnsafe(FLASH_COOKIE, JSON.stringify(toast), {
      path: FLASH_COOKIE_OPTIONS.path,
      sameSite: FLASH_COOKIE_OPTIONS.sameSite,
      httpOnly: FLASH_COOKIE_OPTIONS.httpOnly,
      maxAge: Duration.seconds(FLASH_COOKIE_OPTIONS.maxAgeSeconds),
    }),
  );
