import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ASSET_CACHE_CONTROL,
  createStaticPages,
  hasPageCookie,
  ifNoneMatchHits,
  negotiateEncoding,
  PAGE_CACHE_CONTROL,
  type RenderedPage,
  type StaticPages,
} from "./static-pages";

describe("negotiateEncoding", () => {
  const both = { br: true, gzip: true };
  it("prefers brotli, then gzip, by the client's q-values", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd", both)).toBe("br");
    expect(negotiateEncoding("gzip, deflate", both)).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip", both)).toBe("gzip");
    expect(negotiateEncoding("br;q=0.5, gzip;q=0.8", both)).toBe("gzip");
    expect(negotiateEncoding("*", both)).toBe("br");
    expect(negotiateEncoding("*;q=0, identity", both)).toBe("identity");
  });
  it("sends the bytes as they are without Accept-Encoding or a form the client takes", () => {
    expect(negotiateEncoding(undefined, both)).toBe("identity");
    expect(negotiateEncoding("", both)).toBe("identity");
    expect(negotiateEncoding("deflate", both)).toBe("identity");
    expect(negotiateEncoding("br", { br: false, gzip: true })).toBe("identity");
  });
});

describe("ifNoneMatchHits", () => {
  const tags = new Set(['"abc"', '"abc-br"']);
  it("matches any listed tag, weak or strong, and *", () => {
    expect(ifNoneMatchHits('"abc"', tags)).toBe(true);
    expect(ifNoneMatchHits('"x", W/"abc-br"', tags)).toBe(true);
    expect(ifNoneMatchHits("*", tags)).toBe(true);
    expect(ifNoneMatchHits('"abcd"', tags)).toBe(false);
    expect(ifNoneMatchHits(undefined, tags)).toBe(false);
  });
});

describe("hasPageCookie", () => {
  it("sees the cookies the middleware reads, not others", () => {
    expect(hasPageCookie("session=abc")).toBe(true);
    expect(hasPageCookie("theme=dark; demo=1")).toBe(true);
    expect(hasPageCookie("flash=%7B%7D")).toBe(true);
    expect(hasPageCookie("theme=dark; sessionx=1")).toBe(false);
    expect(hasPageCookie(undefined)).toBe(false);
  });
});

const HOME = `<!doctype html><html><body>${"<p>Plan, publish and answer.</p>".repeat(200)}</body></html>`;
const CSP = "script-src 'self' 'sha256-abc'";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

describe("the static pages in front of a server", () => {
  let server: Server;
  let pages: StaticPages;
  let base: string;
  let clientDir: string;
  let renders = 0;

  const render = async (paths: ReadonlyArray<string>) => {
    renders++;
    const out = new Map<string, RenderedPage>();
    for (const p of paths) {
      if (p === "/")
        out.set(p, {
          status: 200,
          headers: [
            ["content-type", "text/html"],
            ["content-security-policy", CSP],
            ["date", "x"],
          ],
          body: Buffer.from(HOME),
        });
      if (p === "/faq")
        out.set(p, {
          status: 200,
          headers: [
            ["content-type", "text/html"],
            ["set-cookie", "a=b"],
          ],
          body: Buffer.from("faq"),
        });
    }
    return out;
  };

  const get = (urlPath: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<Answer>((resolve, reject) => {
      const req = request(`${base}${urlPath}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), "static-pages-"));
    mkdirSync(path.join(clientDir, "_astro"));
    writeFileSync(path.join(clientDir, "_astro", "app.abc123.js"), `export const x = ${JSON.stringify("x".repeat(2000))};\n`);
    writeFileSync(path.join(clientDir, "_astro", "photo.abc123.png"), Buffer.alloc(100));
    pages = await createStaticPages({ render, clientDir, paths: ["/", "/faq", "/pricing"] });
    server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain", "x-from": "astro" });
      res.end("astro");
    });
    pages.install(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    pages.stop();
    await new Promise((resolve) => server.close(resolve));
    rmSync(clientDir, { recursive: true, force: true });
  });

  it("answers a page with Astro's headers, an ETag, Cache-Control and Vary", async () => {
    const answer = await get("/");
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe(HOME);
    expect(answer.headers["content-type"]).toBe("text/html");
    expect(answer.headers["content-security-policy"]).toBe(CSP);
    expect(answer.headers["cache-control"]).toBe(PAGE_CACHE_CONTROL);
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.headers.etag).toMatch(/^"[^"]+"$/);
    expect(answer.headers["content-length"]).toBe(String(HOME.length));
    expect(answer.headers["x-from"]).toBeUndefined();
  });

  it("compresses by Accept-Encoding", async () => {
    const br = await get("/", { "accept-encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(HOME);
    const gz = await get("/", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(HOME);
    expect(new Set([br.headers.etag, gz.headers.etag, (await get("/")).headers.etag]).size).toBe(3);
  });

  it("answers 304 to a validator of any of the page's forms", async () => {
    const { headers } = await get("/", { "accept-encoding": "br" });
    const notModified = await get("/", { "if-none-match": String(headers.etag), "accept-encoding": "gzip" });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers["cache-control"]).toBe(PAGE_CACHE_CONTROL);
    expect(notModified.headers.etag).toMatch(/-gzip"$/);
    expect((await get("/", { "if-none-match": '"other"' })).status).toBe(200);
  });

  it("answers HEAD without a body", async () => {
    const head = await get("/", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(HOME.length));
    expect(head.body.length).toBe(0);
  });

  it("leaves to the server what it may answer differently", async () => {
    for (const [urlPath, headers, method] of [
      ["/", { cookie: "session=abc" }, "GET"],
      ["/", { cookie: "theme=dark; flash=x" }, "GET"],
      ["/", { cookie: "demo=1" }, "GET"],
      ["/", { range: "bytes=0-10" }, "GET"],
      ["/", {}, "POST"],
      ["/faq", {}, "GET"], // rendered with a Set-Cookie
      ["/pricing", {}, "GET"], // not rendered
      ["/pricing/", {}, "GET"],
      ["/_astro/missing.js", {}, "GET"],
      ["/_astro/photo.abc123.png", {}, "GET"],
    ] as const) {
      const answer = await get(urlPath, headers, method);
      expect(answer.headers["x-from"], `${method} ${urlPath} ${JSON.stringify(headers)}`).toBe("astro");
    }
    expect((await get("/", { cookie: "theme=dark" })).headers["x-from"]).toBeUndefined();
    expect((await get("/?utm_source=x")).body.toString()).toBe(HOME);
  });

  it("answers /_astro/ files immutable for a year, compressed", async () => {
    const asset = await get("/_astro/app.abc123.js", { "accept-encoding": "br" });
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe(ASSET_CACHE_CONTROL);
    expect(asset.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(asset.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(asset.body).toString()).toContain("export const x");
    expect((await get("/_astro/app.abc123.js", { "if-none-match": String(asset.headers.etag) })).status).toBe(304);
  });

  it("keeps a page's ETag when it renders the same bytes again", async () => {
    const before = (await get("/")).headers.etag;
    const rendered = renders;
    await pages.refresh();
    expect(renders).toBe(rendered + 1);
    expect((await get("/")).headers.etag).toBe(before);
  });
});

describe("createStaticPages when rendering fails", () => {
  it("starts all the same and leaves every request to the server", async () => {
    const warnings: string[] = [];
    const pages = await createStaticPages({
      render: () => Promise.reject(new Error("boom")),
      clientDir: null,
      onWarning: (message) => warnings.push(message),
    });
    pages.stop();
    expect(pages.cachedPaths()).toEqual([]);
    expect(warnings.join("\n")).toContain("boom");
  });
});
