import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** Public pages, fetched signed out. */
export const PUBLIC_ROUTES = ["/", "/pricing", "/faq", "/login", "/register", "/forgot-password", "/privacy-policy.html", "/terms-of-service.html"] as const;
/** App pages, fetched with a session cookie (/app/nope is the in-app not-found screen, a 404). */
export const APP_ROUTES = [
  "/app/dashboard",
  "/app/settings",
  "/app/pricing",
  "/app/onboarding",
  "/app/connect-accounts",
  "/app/content-categories",
  "/app/media-gallery",
  "/app/compose",
  "/app/calendar",
  "/app/queue",
  "/app/team-management",
  "/app/team-management/clients",
  "/app/social-inbox",
  "/app/social-listening",
  "/app/google-business",
  "/app/analytics",
  "/app/hashtag-research",
  "/app/link-in-bio",
  "/app/nope",
] as const;

/** Design budgets (gzip): public pages under 15 KB, the heaviest app page under 110 KB. 1 KB = 1024 B. */
export const PUBLIC_BUDGET_BYTES = 15 * 1024;
export const APP_BUDGET_BYTES = 110 * 1024;

/**
 * Issue 9's goals: app pages with no React island (their toaster is a plain script) under 10 KB,
 * the heaviest app page (compose when the issue was filed) under 80 KB, so every other app page
 * under 80 KB too. 1 KB = 1024 B.
 */
export const NO_ISLAND_ROUTES = ["/app/settings", "/app/pricing", "/app/onboarding", "/app/team-management/clients", "/app/analytics", "/app/nope"] as const;
export const NO_ISLAND_GOAL_BYTES = 10 * 1024;
export const APP_PAGE_GOAL_BYTES = 80 * 1024;

/** The issue 9 goal of an app page route. */
export const issue9GoalOf = (route: string): { readonly label: "no React island" | "app page"; readonly bytes: number } =>
  (NO_ISLAND_ROUTES as ReadonlyArray<string>).includes(route)
    ? { label: "no React island", bytes: NO_ISLAND_GOAL_BYTES }
    : { label: "app page", bytes: APP_PAGE_GOAL_BYTES };

export interface ScriptFile {
  /** Same-origin path of the module, or `inline #n` for a script written into the page. */
  readonly source: string;
  readonly rawBytes: number;
  readonly gzipBytes: number;
}

export interface PageScripts {
  readonly route: string;
  readonly signedIn: boolean;
  /** Status of the page after following same-origin redirects, and where it ended. */
  readonly status: number;
  readonly finalPath: string;
  readonly files: ReadonlyArray<ScriptFile>;
  readonly gzipBytes: number;
  readonly budgetBytes: number;
  readonly withinBudget: boolean;
  /** Modules only imported with import(): not loaded up front, so not counted. */
  readonly dynamicImports: ReadonlyArray<string>;
  /** React islands (`<astro-island>`) in the page. */
  readonly islands: number;
}

export interface ClientJsFigures {
  readonly buildDir: string;
  readonly pages: ReadonlyArray<PageScripts>;
  /** Every .js under the build's client directory, gzip: an upper bound on what any page can load. */
  readonly buildTotal: { readonly files: number; readonly gzipBytes: number };
  /** Modules a page loaded that the build output does not contain (a server on another build?). */
  readonly notInBuild: ReadonlyArray<string>;
}

const gzipSize = (text: Buffer | string) => gzipSync(text).length;

const decodeEntities = (value: string) =>
  value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

const attribute = (attributes: string, name: string): string | null => {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(attributes);
  return match ? decodeEntities(match[1] ?? match[2] ?? match[3]) : null;
};

const JS_TYPES = new Set(["", "module", "text/javascript", "application/javascript"]);

/** Scripts a page makes the browser load up front: external and inline scripts, module preloads, island modules. */
export const scriptsOfHtml = (html: string) => {
  const urls: string[] = [];
  const inline: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const type = (attribute(attributes, "type") ?? "").toLowerCase();
    if (!JS_TYPES.has(type)) continue; // JSON-LD and other data blocks
    const src = attribute(attributes, "src");
    if (src) urls.push(src);
    else if (body.trim()) inline.push(body);
  }
  for (const [, attributes] of html.matchAll(/<link\b([^>]*)>/gi)) {
    const rel = (attribute(attributes, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attribute(attributes, "href");
    if (href && rel.includes("modulepreload")) urls.push(href);
  }
  for (const [, attributes] of html.matchAll(/<astro-island\b([^>]*)>/gi)) {
    for (const name of ["component-url", "renderer-url", "before-hydration-url"]) {
      const value = attribute(attributes, name);
      if (value) urls.push(value);
    }
  }
  return { urls, inline };
};

/** Static imports and re-exports (`import x from "./a.js"`, `import"./b.js"`, `export*from"./c.js"`) and dynamic ones (`import("./d.js")`). */
export const importsOfModule = (code: string) => {
  const staticImports = [...code.matchAll(/\b(?:import|export)\s*(?:[^"'`();=]*?\bfrom\s*)?["']([^"'\n]+)["']/g)].map((m) => m[1]);
  // Bundlers may quote a dynamic import's path with backticks (rolldown: import(`./a.js`)).
  const dynamicImports = [...code.matchAll(/\bimport\s*\(\s*["'`]([^"'`\n$]+)["'`]\s*\)/g)].map((m) => m[1]);
  return { staticImports, dynamicImports };
};

const fetchText = async (url: string, headers: Record<string, string>) => {
  const response = await fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(15_000) });
  return { response, body: await response.text() };
};

/** Every .js file under a directory, recursively. */
const jsFiles = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? jsFiles(full) : name.endsWith(".js") || name.endsWith(".mjs") ? [full] : [];
      })
    : [];

/**
 * Client JavaScript per page route, as a browser would load it from the running app: the page's
 * scripts, module preloads and island modules, and everything they import statically (same origin),
 * recursively; each file counted once per page, gzip-compressed at zlib's default level.
 */
export const measureClientJs = async (options: { baseUrl: string; sessionCookie: string; buildDir: string }): Promise<ClientJsFigures> => {
  const origin = new URL(options.baseUrl).origin;
  const clientDir = path.join(options.buildDir, "client");
  const moduleCache = new Map<string, { body: string; rawBytes: number; gzipBytes: number }>();
  const notInBuild = new Set<string>();

  const loadModule = async (url: string) => {
    const cached = moduleCache.get(url);
    if (cached) return cached;
    const { response, body } = await fetchText(url, {});
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    const pathname = new URL(url).pathname;
    if (!existsSync(path.join(clientDir, decodeURIComponent(pathname)))) notInBuild.add(pathname);
    const entry = { body, rawBytes: Buffer.byteLength(body), gzipBytes: gzipSize(body) };
    moduleCache.set(url, entry);
    return entry;
  };

  const measurePage = async (route: string, signedIn: boolean): Promise<PageScripts> => {
    const headers: Record<string, string> = { accept: "text/html" };
    if (signedIn) headers.cookie = options.sessionCookie;
    let pageUrl = new URL(route, origin).toString();
    let page = await fetchText(pageUrl, headers);
    for (let hops = 0; hops < 5 && page.response.status >= 300 && page.response.status < 400; hops++) {
      const location = page.response.headers.get("location");
      if (!location) break;
      pageUrl = new URL(location, pageUrl).toString();
      if (new URL(pageUrl).origin !== origin) break;
      page = await fetchText(pageUrl, headers);
    }
    const finalPath = new URL(pageUrl).pathname;
    const { status } = page.response;
    const expectedStatus = route === "/app/nope" ? 404 : 200;
    if (status !== expectedStatus) throw new Error(`GET ${route}${signedIn ? " (signed in)" : ""} ended with ${status} at ${finalPath}`);
    if (signedIn && finalPath === "/login") throw new Error(`GET ${route} with the session cookie was sent to /login`);

    const files: ScriptFile[] = [];
    const dynamicImports = new Set<string>();
    const seen = new Set<string>();
    const { urls, inline } = scriptsOfHtml(page.body);
    const queue: string[] = [];
    const enqueue = (specifier: string, base: string) => {
      if (!/^(\.{0,2}\/|https?:)/.test(specifier)) return; // bare specifiers cannot load in a browser without an import map
      const resolved = new URL(specifier, base);
      if (resolved.origin !== origin) return;
      resolved.hash = "";
      const key = resolved.toString();
      if (!seen.has(key)) {
        seen.add(key);
        queue.push(key);
      }
    };
    for (const url of urls) enqueue(url, pageUrl);

    const inlineSeen = new Set<string>();
    for (const body of inline) {
      const digest = createHash("sha256").update(body).digest("hex");
      if (inlineSeen.has(digest)) continue;
      inlineSeen.add(digest);
      files.push({ source: `inline #${inlineSeen.size}`, rawBytes: Buffer.byteLength(body), gzipBytes: gzipSize(body) });
      const imports = importsOfModule(body);
      for (const specifier of imports.staticImports) enqueue(specifier, pageUrl);
      for (const specifier of imports.dynamicImports) dynamicImports.add(specifier);
    }

    while (queue.length > 0) {
      const url = queue.shift()!;
      const module = await loadModule(url);
      files.push({ source: new URL(url).pathname, rawBytes: module.rawBytes, gzipBytes: module.gzipBytes });
      const imports = importsOfModule(module.body);
      for (const specifier of imports.staticImports) enqueue(specifier, url);
      for (const specifier of imports.dynamicImports) {
        const resolved = /^(\.{0,2}\/)/.test(specifier) ? new URL(specifier, url).pathname : specifier;
        if (!seen.has(new URL(resolved, origin).toString())) dynamicImports.add(resolved);
      }
    }

    const gzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
    const budgetBytes = route.startsWith("/app") ? APP_BUDGET_BYTES : PUBLIC_BUDGET_BYTES;
    return {
      route,
      signedIn,
      status,
      finalPath,
      files,
      gzipBytes,
      budgetBytes,
      withinBudget: gzipBytes <= budgetBytes,
      dynamicImports: [...dynamicImports].filter((d) => !seen.has(new URL(d, origin).toString())),
      islands: [...page.body.matchAll(/<astro-island\b/gi)].length,
    };
  };

  const pages: PageScripts[] = [];
  for (const route of PUBLIC_ROUTES) pages.push(await measurePage(route, false));
  for (const route of APP_ROUTES) pages.push(await measurePage(route, true));

  const built = jsFiles(clientDir);
  if (built.length === 0 && !existsSync(clientDir)) throw new Error(`No client build output in ${clientDir}`);
  const buildTotal = { files: built.length, gzipBytes: built.reduce((sum, file) => sum + gzipSize(readFileSync(file)), 0) };

  return { buildDir: options.buildDir, pages, buildTotal, notInBuild: [...notInBuild] };
};
