import { config } from "../config";

/** Longer return addresses are refused: no screen of the app needs one, and proxies cut long Location headers. */
const MAX_RETURN_ADDRESS = 2048;

/**
 * The one gate of every return address taken from a request (`next` of /login, a form's `back`):
 * the value is read as the browser would read it (the WHATWG URL parser drops tabs and newlines,
 * turns `\` into `/`, percent-encodes what a header cannot carry) against the app's origin, and
 * kept only when it stays on that origin. Answers the path, query and fragment, which are then safe
 * to put in a Location header; anything else (another origin, `javascript:`, a malformed or very
 * long value, a path the browser would read as another host) answers `fallback`. Never throws.
 */
export const safeNext = (value: unknown, fallback = "/app/dashboard", origin: string = config().publicUrl): string => {
  // Blank once the parser drops tabs, newlines and surrounding spaces: no address at all.
  if (typeof value !== "string" || value.replace(/[\t\n\r]/g, "").trim() === "" || value.length > MAX_RETURN_ADDRESS) return fallback;
  try {
    const base = new URL(origin);
    const resolved = new URL(value, base);
    if (resolved.origin !== base.origin || resolved.origin === "null") return fallback;
    // A path that starts with two slashes ("/.//evil.example" normalises to "//evil.example") would be read as another host.
    return resolved.pathname.startsWith("//") ? fallback : `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return fallback;
  }
};
