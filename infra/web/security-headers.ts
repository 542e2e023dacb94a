import type { IncomingMessage, Server, ServerResponse } from "node:http";

/**
 * Headers on every answer of the web server, whoever makes it: Astro's pages, API routes, redirects
 * and error pages, the media files, and the lanes in front of Astro (static pages, /_astro/ files,
 * GET /api/auth/user, the link-in-bio pages). No page is meant to be framed (clickjacking), no
 * answer is to be sniffed as another type, and no full address leaks to another origin.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
};

/**
 * The policy of an answer that brings none (JSON, redirects, plain-text errors, files): it may load
 * nothing and be framed by no one (OWASP's advice for APIs). Astro's pages bring their own
 * (astro.config.mjs `security.csp`: hashes of their scripts and styles, plus frame-ancestors 'none',
 * object-src 'none', base-uri 'self', form-action 'self'), which replaces this one.
 */
export const FALLBACK_CSP = "default-src 'none'; frame-ancestors 'none'";

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Puts the headers on every answer of `server`: set before any listener runs, so that an answer's
 * own value of the same header (a page's Content-Security-Policy, a media file's) replaces them
 * (Node merges `writeHead`'s headers over those set before, writeHead's winning).
 */
export const installSecurityHeaders = (server: Server): void => {
  const listeners = server.listeners("request") as Listener[];
  server.removeAllListeners("request");
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    res.setHeader("content-security-policy", FALLBACK_CSP);
    for (const listener of listeners) listener.call(server, req, res);
  });
};
