import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";

/**
 * Public pages at static speed (issue 9): `/`, `/pricing`, `/faq` and the legal pages are rendered
 * by Astro once at start (they read settings such as TRIAL_DAYS, so not at build) and again every
 * hour (the footer's year), kept in memory with their brotli and gzip forms, and answered in front of
 * Astro with an ETag (304 on If-None-Match), `Cache-Control: no-cache` (a browser revalidates, which
 * costs a 304) and `Vary: Accept-Encoding`. The files of `/_astro/` (hashed names) are answered the
 * same way from memory, `Cache-Control: public, max-age=31536000, immutable` as the adapter sets.
 *
 * A cached page carries the headers Astro sent with it (the Content-Security-Policy, the content
 * type): it is Astro's own answer to a visitor without cookies. It is served only when the answer
 * would be the same: GET or HEAD of the exact path, and none of the cookies the middleware reads
 * (the session: renewed, cleared, and /pricing becomes the app's pricing page when signed in; the
 * demo cookie, which a public page ends; the flash message, shown on the page and deleted). Every
 * other request (trailing slash, Range, a page that did not render 200 without a Set-Cookie) goes on
 * to Astro unchanged.
 */

/** The public pages answered from memory. */
export const STATIC_PAGE_PATHS = ["/", "/pricing", "/faq", "/privacy-policy.html", "/terms-of-service.html"] as const;

/** Cookies that change a public page's answer (src/middleware.ts, src/lib/session-cookie.ts). */
export const PAGE_COOKIES: ReadonlySet<string> = new Set(["session", "demo", "flash"]);

export const PAGE_CACHE_CONTROL = "no-cache";
export const ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";
const ASSETS_PREFIX = "/_astro/";
const REFRESH_MS = 60 * 60 * 1000;
/** Text assets are compressed; anything else (images, fonts: already compressed) is left to the adapter. */
const ASSET_TYPES: Readonly<Record<string, string>> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".html": "text/html; charset=utf-8",
};
const MAX_ASSET_BYTES = 8 * 1024 * 1024;
/** Below this a compressed form saves nothing worth a Vary. */
const MIN_COMPRESS_BYTES = 256;

export type Encoding = "br" | "gzip" | "identity";

interface Representation {
  readonly body: Buffer;
  readonly etag: string;
  /** Everything but Content-Length, which writeHead gets too: prepared once. */
  readonly headers: Readonly<Record<string, string | number>>;
}

export interface CachedResource {
  readonly identity: Representation;
  readonly br: Representation | null;
  readonly gzip: Representation | null;
  /** Every representation's ETag: a validator of any of them means the client holds this content. */
  readonly etags: ReadonlySet<string>;
}

/** An answer Astro gave: its status, headers (lower-case names) and body. */
export interface RenderedPage {
  readonly status: number;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Buffer;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Headers of Astro's answer that a cached copy does not repeat (per connection or per answer, or set here). */
const NOT_COPIED = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "etag",
  "last-modified",
  "cache-control",
  "vary",
  "accept-ranges",
]);

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, else identity, by the
 * client's q-values (`br;q=0` refuses brotli; `*` stands for any coding not named).
 */
export const negotiateEncoding = (header: string | undefined, available: { br: boolean; gzip: boolean }): Encoding => {
  if (!header) return "identity";
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [rawName, ...params] = part.split(";");
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.split("=");
      if (key?.trim().toLowerCase() === "q") {
        const parsed = Number(value?.trim());
        weight = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    q.set(name, weight);
  }
  const weight = (name: string) => q.get(name) ?? q.get("*") ?? 0;
  const br = available.br ? weight("br") : 0;
  const gz = available.gzip ? Math.max(weight("gzip"), q.get("x-gzip") ?? 0) : 0;
  if (br > 0 && br >= gz) return "br";
  if (gz > 0) return "gzip";
  return "identity";
};

/** Does an If-None-Match header name one of these ETags (weak comparison, as RFC 9110 asks for GET)? */
export const ifNoneMatchHits = (header: string | undefined, etags: ReadonlySet<string>): boolean => {
  if (!header) return false;
  if (header.trim() === "*") return true;
  for (const raw of header.split(",")) {
    let tag = raw.trim();
    if (tag.startsWith("W/")) tag = tag.slice(2);
    if (etags.has(tag)) return true;
  }
  return false;
};

/**
 * Does a request's query (from `?`, as sent) hold an encoded NUL? A cached page ignores its query,
 * but such a query is refused by Astro's middleware (400, as on every route), so it goes on there.
 */
export const queryHoldsNul = (query: string): boolean => /%00/.test(query);

/** Does the Cookie header hold a cookie that changes a public page (PAGE_COOKIES)? */
export const hasPageCookie = (cookie: string | undefined): boolean => {
  if (!cookie) return false;
  for (const part of cookie.split(";")) {
    const eq = part.indexOf("=");
    const name = (eq === -1 ? part : part.slice(0, eq)).trim();
    if (PAGE_COOKIES.has(name)) return true;
  }
  return false;
};

const etagOf = (body: Buffer, suffix: string) => `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}${suffix}"`;

/**
 * One resource in its three forms: the body as given, and its brotli (quality 11) and gzip (level 9)
 * forms when compressible and smaller. `headers` are sent with every form (plus ETag, Vary, Content-Encoding).
 */
export const prepareResource = async (body: Buffer, headers: Readonly<Record<string, string>>, compressible: boolean): Promise<CachedResource> => {
  const compress = compressible && body.length >= MIN_COMPRESS_BYTES;
  const [br, gz] = compress
    ? await Promise.all([
        brotli(body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipAsync(body, { level: 9 }),
      ])
    : [null, null];
  const vary: Record<string, string> = compress ? { vary: "Accept-Encoding" } : {};
  const identityTag = etagOf(body, "");
  const form = (data: Buffer, encoding: "br" | "gzip"): Representation | null => {
    if (data.length >= body.length) return null;
    const etag = `${identityTag.slice(0, -1)}-${encoding}"`;
    return { body: data, etag, headers: { ...headers, ...vary, "content-encoding": encoding, etag } };
  };
  const identity: Representation = { body, etag: identityTag, headers: { ...headers, ...vary, etag: identityTag } };
  const brForm = br ? form(br, "br") : null;
  const gzForm = gz ? form(gz, "gzip") : null;
  const etags = new Set([identity.etag, ...(brForm ? [brForm.etag] : []), ...(gzForm ? [gzForm.etag] : [])]);
  return { identity, br: brForm, gzip: gzForm, etags };
};

/** Answers a GET or HEAD from a cached resource: 304 when the client holds it, else 200 in the encoding it accepts. */
export const answerFromCache = (req: IncomingMessage, res: ServerResponse, resource: CachedResource): void => {
  const encoding = negotiateEncoding(req.headers["accept-encoding"], { br: resource.br !== null, gzip: resource.gzip !== null });
  const chosen = (encoding === "br" ? resource.br : encoding === "gzip" ? resource.gzip : null) ?? resource.identity;
  if (ifNoneMatchHits(req.headers["if-none-match"], resource.etags)) {
    const { etag, vary, "cache-control": cacheControl, "content-security-policy": csp } = chosen.headers;
    const headers: Record<string, string | number> = { etag };
    if (cacheControl !== undefined) headers["cache-control"] = cacheControl;
    if (vary !== undefined) headers.vary = vary;
    if (csp !== undefined) headers["content-security-policy"] = csp;
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...chosen.headers, "content-length": chosen.body.length });
  res.end(chosen.body);
};

/** The response headers a cached page repeats from Astro's answer, or null when the answer is not one to cache. */
export const pageHeaders = (page: RenderedPage): Record<string, string> | null => {
  if (page.status !== 200) return null;
  const headers: Record<string, string> = {};
  for (const [name, value] of page.headers) {
    if (name === "set-cookie") return null;
    if (!NOT_COPIED.has(name)) headers[name] = value;
  }
  headers["cache-control"] = PAGE_CACHE_CONTROL;
  return headers;
};

/**
 * Renders paths with Astro's node handler (the build's `handler` export: the adapter's static files,
 * then the app with its middleware) on a loopback server of its own, as a visitor without cookies.
 */
export const renderWith =
  (handler: RequestListener) =>
  async (paths: ReadonlyArray<string>): Promise<Map<string, RenderedPage>> => {
    const server = createServer(handler);
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    try {
      const { port } = server.address() as AddressInfo;
      const pages = new Map<string, RenderedPage>();
      for (const pagePath of paths) {
        const response = await fetch(`http://127.0.0.1:${port}${pagePath}`, {
          headers: { accept: "text/html,application/xhtml+xml", "accept-encoding": "identity" },
          redirect: "manual",
          signal: AbortSignal.timeout(30_000),
        });
        const body = Buffer.from(await response.arrayBuffer());
        pages.set(pagePath, { status: response.status, headers: [...response.headers.entries()], body });
      }
      return pages;
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  };

/** The text files of the build's `client/_astro/`, keyed by URL path, each with its compressed forms. */
export const loadAssets = async (clientDir: string): Promise<Map<string, CachedResource>> => {
  const dir = path.join(clientDir, "_astro");
  const assets = new Map<string, CachedResource>();
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    return assets;
  }
  await Promise.all(
    entries.map(async (name) => {
      const type = ASSET_TYPES[path.extname(name).toLowerCase()];
      if (!type) return;
      const body = await readFile(path.join(dir, name)).catch(() => null);
      if (!body || body.length > MAX_ASSET_BYTES) return;
      assets.set(`${ASSETS_PREFIX}${name}`, await prepareResource(body, { "content-type": type, "cache-control": ASSET_CACHE_CONTROL }, true));
    }),
  );
  return assets;
};

export interface StaticPagesOptions {
  /** Renders the pages as Astro answers a visitor without cookies (renderWith(handler) in production). */
  readonly render: (paths: ReadonlyArray<string>) => Promise<Map<string, RenderedPage>>;
  /** The build's client directory (its `_astro/` is served from memory); null: pages only. */
  readonly clientDir: string | null;
  readonly paths?: ReadonlyArray<string>;
  readonly refreshMs?: number;
  readonly onWarning?: (message: string) => void;
}

export interface StaticPages {
  /** Answers the request from memory when it is the cache's to answer; false: the caller goes on (to Astro). */
  readonly handle: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Renders the pages again (kept when their bytes are unchanged). */
  readonly refresh: () => Promise<void>;
  /** Puts `handle` in front of the server's request listeners. */
  readonly install: (server: Server) => void;
  readonly stop: () => void;
  /** The paths answered from memory now (tests, logs). */
  readonly cachedPaths: () => ReadonlyArray<string>;
}

/** Renders the pages and loads the assets (resolves once both are in memory), then refreshes the pages every hour. */
export const createStaticPages = async (options: StaticPagesOptions): Promise<StaticPages> => {
  const paths = options.paths ?? STATIC_PAGE_PATHS;
  const warn = options.onWarning ?? (() => {});
  let pages = new Map<string, CachedResource>();
  const sources = new Map<string, { body: Buffer; headers: string }>();

  const refresh = async () => {
    const rendered = await options.render(paths);
    const next = new Map<string, CachedResource>();
    for (const pagePath of paths) {
      const page = rendered.get(pagePath);
      const headers = page ? pageHeaders(page) : null;
      if (!page || !headers) {
        warn(
          `${pagePath} is served by Astro on every request: it rendered ${page ? `${page.status}${page.headers.some(([n]) => n === "set-cookie") ? " with a Set-Cookie" : ""}` : "nothing"}`,
        );
        continue;
      }
      // Unchanged bytes keep their compressed forms and ETag.
      const source = { body: page.body, headers: JSON.stringify(headers) };
      const previous = pages.get(pagePath);
      const before = sources.get(pagePath);
      const same = previous && before && before.headers === source.headers && before.body.equals(source.body);
      next.set(pagePath, same ? previous : await prepareResource(page.body, headers, true));
      sources.set(pagePath, source);
    }
    pages = next;
  };

  const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));
  // A failure leaves those requests to Astro (as before this cache); it never stops the server from starting.
  const [, assets] = await Promise.all([
    refresh().catch((error: unknown) => warn(`rendering the public pages failed, Astro answers them: ${reason(error)}`)),
    (options.clientDir ? loadAssets(options.clientDir) : Promise.resolve(new Map<string, CachedResource>())).catch((error: unknown) => {
      warn(`loading the /_astro/ files failed, Astro answers them: ${reason(error)}`);
      return new Map<string, CachedResource>();
    }),
  ]);

  const timer = setInterval(() => {
    refresh().catch((error: unknown) => warn(`re-rendering the public pages failed: ${reason(error)}`));
  }, options.refreshMs ?? REFRESH_MS);
  timer.unref();

  const handle = (req: IncomingMessage, res: ServerResponse): boolean => {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const url = req.url ?? "";
    const q = url.indexOf("?");
    const pathname = q === -1 ? url : url.slice(0, q);
    if (pathname.startsWith(ASSETS_PREFIX)) {
      const asset = assets.get(pathname);
      if (!asset || req.headers.range !== undefined) return false;
      answerFromCache(req, res, asset);
      return true;
    }
    const page = pages.get(pathname);
    if (!page || hasPageCookie(req.headers.cookie) || req.headers.range !== undefined || (q !== -1 && queryHoldsNul(url.slice(q)))) return false;
    answerFromCache(req, res, page);
    return true;
  };

  return {
    handle,
    refresh,
    stop: () => clearInterval(timer),
    cachedPaths: () => [...pages.keys(), ...assets.keys()],
    install: (server: Server) => {
      const listeners = server.listeners("request") as RequestListener[];
      server.removeAllListeners("request");
      server.on("request", (req: IncomingMessage, res: ServerResponse) => {
        if (handle(req, res)) return;
        for (const listener of listeners) listener.call(server, req, res);
      });
    },
  };
};
