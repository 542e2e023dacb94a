import { readdirSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { signUp } from "../support/browser";
import { useAppServer } from "../support/server";

/**
 * Public pages at static speed (issue 9, infra/web/static-pages.ts) on the real app: the public
 * pages come from memory with an ETag, Cache-Control and compression; the build's /_astro/ files are
 * immutable and compressed; a visitor with a session, demo or flash cookie still gets Astro's answer.
 */

const app = useAppServer({ staticPages: true });

const PAGES = ["/", "/pricing", "/faq", "/privacy-policy.html", "/terms-of-service.html"];

const get = (urlPath: string, headers: Record<string, string> = {}) =>
  fetch(`${app.server.url}${urlPath}`, { headers: { accept: "text/html", ...headers }, redirect: "manual" });

/** The raw bytes of an answer (node:http, which leaves Content-Encoding to the caller). */
const raw = (urlPath: string, headers: Record<string, string>) => {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(`${app.server.url}${urlPath}`, { headers: { accept: "text/html", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
};

describe("public pages from memory", () => {
  it("answer each public page with an ETag, Cache-Control: no-cache, Vary and Astro's Content-Security-Policy", async () => {
    for (const page of PAGES) {
      const response = await get(page);
      const body = await response.text();
      expect(response.status, page).toBe(200);
      expect(body, page).toContain("<html");
      expect(response.headers.get("etag"), page).toMatch(/^"[^"]+"$/);
      expect(response.headers.get("cache-control"), page).toBe("no-cache");
      expect(response.headers.get("vary"), page).toBe("Accept-Encoding");
      expect(response.headers.get("content-security-policy"), page).toContain("script-src");
      expect(response.headers.get("content-type"), page).toContain("text/html");
    }
  });

  it("answer 304 to If-None-Match with the page's ETag, and 200 to another", async () => {
    const first = await get("/", { "accept-encoding": "br" });
    const etag = first.headers.get("etag") ?? "";
    await first.arrayBuffer();
    const again = await raw("/", { "if-none-match": etag, "accept-encoding": "br" });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const other = await raw("/", { "if-none-match": '"something-else"' });
    expect(other.status).toBe(200);
  });

  it("compress by Accept-Encoding: brotli, gzip, or the bytes as they are", async () => {
    const plain = await raw("/", {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const html = plain.body.toString();
    expect(html).toContain("<html");

    const br = await raw("/", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(html);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);

    const gz = await raw("/", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(html);
  });

  it("serve /_astro/ files immutable for a year, compressed, with 304 on their ETag", async () => {
    const assets = readdirSync(path.resolve(process.env.BUILD_DIR ?? "dist", "client", "_astro"));
    for (const name of [assets.find((n) => n.endsWith(".js")), assets.find((n) => n.endsWith(".css"))]) {
      expect(name).toBeDefined();
      const asset = await raw(`/_astro/${name}`, { "accept-encoding": "br, gzip" });
      expect(asset.status, name).toBe(200);
      expect(asset.headers["cache-control"], name).toBe("public, max-age=31536000, immutable");
      if (asset.body.length > 256) expect(asset.headers["content-encoding"], name).toMatch(/^(br|gzip)$/);
      const again = await raw(`/_astro/${name}`, { "if-none-match": String(asset.headers.etag) });
      expect(again.status, name).toBe(304);
    }
  });
});

describe("visitors the cached copy is not for", () => {
  it("a signed-in visitor still gets the signed-in answer: the session slides on /, /pricing is the app's pricing page", async () => {
    const { browser } = await signUp(app.server.url);
    const token = browser.session;
    expect(token).toBeTruthy();

    // The session is due to be written: Astro's middleware renews its cookie, the cached copy never would.
    await app.sql`update sessions set last_used_at = now() - interval '1 hour'`;
    const home = await browser.page("/");
    expect(home.status).toBe(200);
    expect(home.text).toContain("<html");
    expect(home.headers.get("etag")).toBeNull();
    expect(home.setCookies.some((c) => c.startsWith("session="))).toBe(true);

    const pricing = await browser.page("/pricing");
    expect(pricing.status).toBe(200);
    expect(pricing.headers.get("etag")).toBeNull();
    expect(pricing.text).toContain('class="app-shell"');
    const publicPricing = await (await get("/pricing")).text();
    expect(publicPricing).not.toContain('class="app-shell"');
  });

  it("a flash message carried over a redirect is shown, not the cached copy", async () => {
    const flash = encodeURIComponent(JSON.stringify({ title: "Logged out from the static test" }));
    const response = await get("/", { cookie: `flash=${flash}` });
    const body = await response.text();
    expect(body).toContain("Logged out from the static test");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("flash="))).toBe(true);
  });

  it("a demo visitor opening a public page ends demo mode, as Astro's middleware does", async () => {
    const response = await get("/faq", { cookie: "demo=1" });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("demo="))).toBe(true);
  });
});
