import { Duration } from "effect";
import { HttpServerResponse } from "effect/http";

import { FLASH_COOKIE, FLASH_COOKIE_OPTIONS, type FlashToast } from "./cookies";

/** The toast for the next page the browser shows (after a redirect): one cookie (./cookies.ts), read once by the page. */
export { FLASH_COOKIE, FLASH_COOKIE_OPTIONS, type FlashToast };

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
