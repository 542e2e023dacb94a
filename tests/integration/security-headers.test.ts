import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng } from "../../infra/media/fixtures";
import { Browser, signUp } from "../support/browser";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe";
import { useAppServer } from "../support/server";
import { until } from "../support/wait";

/**
 * Every answer of the web server carries the security headers (issue 27, point 6): nosniff, the
 * referrer policy and X-Frame-Options on pages, API answers, redirects, error pages, media files and
 * the answers made in front of Astro; pages' Content-Security-Policy forbids framing, plugins, a
 * foreign <base> and forms to other origins; answers without a page's policy may load nothing.
 */

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(() => stripe?.close());

const app = useAppServer({ env: () => stripe.env, staticPages: true });

const PAGE_DIRECTIVES = ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"];

/** The CSP's directives by name (`form-action 'self' https://x` → ["'self'", "https://x"]). */
const directives = (csp: string | null): Map<string, string[]> =>
  new Map(
    (csp ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0] !== "")
      .map(([name, ...values]) => [name!, values]),
  );

interface Sample {
  readonly name: string;
  readonly status: number;
  readonly headers: Headers;
}

const expectSecurityHeaders = ({ name, headers }: Sample) => {
  expect(headers.get("x-content-type-options"), name).toBe("nosniff");
  expect(headers.get("referrer-policy"), name).toBe("strict-origin-when-cross-origin");
  expect(headers.get("x-frame-options"), name).toBe("DENY");
  expect(headers.get("x-frame-options"), name).not.toContain(",");
};

/** A page: Astro's policy (its script and style hashes) with the four directives. */
const expectPagePolicy = ({ name, headers }: Sample) => {
  const csp = headers.get("content-security-policy");
  for (const directive of PAGE_DIRECTIVES) expect(csp, name).toContain(directive);
  expect(directives(csp).has("script-src"), name).toBe(true);
  expect(headers.get("content-security-policy"), name).not.toMatch(/,/);
};

/** Anything else: it may load nothing and be framed by no one. */
const expectClosedPolicy = ({ name, headers }: Sample) => {
  const csp = directives(headers.get("content-security-policy"));
  expect(csp.get("default-src"), name).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors"), name).toEqual(["'none'"]);
};

const sample = async (name: string, browser: Browser | null, urlPath: string, headers: Record<string, string> = {}): Promise<Sample> => {
  const response = await fetch(`${app.server.url}${urlPath}`, {
    headers: { ...(browser ? { cookie: browser.cookieHeader() } : {}), ...headers },
    redirect: "manual",
  });
  await response.arrayBuffer();
  return { name, status: response.status, headers: response.headers };
};

describe("the security headers", () => {
  it("given a sample of every kind of answer, when fetched, then each carries nosniff, the referrer policy, X-Frame-Options and its policy", async () => {
    const { browser } = await signUp(app.server.url);
    const html = { accept: "text/html" };

    // A published link-in-bio page, and a media file of the library.
    const name = `edge-${crypto.randomUUID().slice(0, 8)}`;
    expect((await browser.put("/api/link-in-bio", { username: name, title: "Edge", isPublished: true })).status).toBe(200);
    const form = new FormData();
    form.append("files", new File([(await makePng()) as BlobPart], "dot.png", { type: "image/png" }));
    const uploaded = await browser.request("POST", "/api/media/upload", { body: form });
    expect(uploaded.status, uploaded.text).toBe(201);
    const fileUrl = new URL(uploaded.data.items[0].fileUrl, app.server.url).pathname;
    const asset = readdirSync(path.resolve(process.env.BUILD_DIR ?? "dist", "client", "_astro")).find((n) => n.endsWith(".js"))!;

    const pages = [
      await sample("a public page from the static cache", null, "/", html),
      await sample("a public page rendered by Astro", null, "/login", html),
      await sample("an app page", browser, "/app/dashboard", html),
      await sample("a link-in-bio page (rendered)", null, `/bio/${name}`, html),
      // Kept in memory after its first visit: answered with an ETag from then on.
      await until(
        () => sample("a link-in-bio page (from memory)", null, `/bio/${name}`, html),
        (answer) => answer.headers.has("etag"),
        5_000,
      ),
      await sample("the 404 page", null, "/no-such-page", html),
    ];
    const others = [
      await sample("API JSON", browser, "/api/posts"),
      await sample("an API error", null, "/api/posts"),
      await sample("an unknown API call", null, "/api/no-such-call"),
      await sample("the fast lane of /api/auth/user", browser, "/api/auth/user"),
      await sample("a media file", browser, fileUrl),
      await sample("a redirect to sign in", null, "/app/dashboard", html),
      await sample("a redirect into the demo", null, "/demo"),
      await sample("a build file from memory", null, `/_astro/${asset}`),
      await sample("a public file of the adapter", null, "/favicon.svg"),
      await sample("the health check", null, "/api/health"),
    ];
    expect(pages.map((p) => [p.name, p.status])).toEqual([
      ["a public page from the static cache", 200],
      ["a public page rendered by Astro", 200],
      ["an app page", 200],
      ["a link-in-bio page (rendered)", 200],
      ["a link-in-bio page (from memory)", 200],
      ["the 404 page", 404],
    ]);
    expect(others.map((o) => [o.name, o.status])).toEqual([
      ["API JSON", 200],
      ["an API error", 401],
      ["an unknown API call", 404],
      ["the fast lane of /api/auth/user", 200],
      ["a media file", 200],
      ["a redirect to sign in", 302],
      ["a redirect into the demo", 302],
      ["a build file from memory", 200],
      ["a public file of the adapter", 200],
      ["the health check", 200],
    ]);
    for (const page of pages) {
      expectSecurityHeaders(page);
      expectPagePolicy(page);
    }
    for (const other of others) {
      expectSecurityHeaders(other);
      expectClosedPolicy(other);
    }
  });

  it("given a 304 of a cached page, when revalidated, then it still carries the headers", async () => {
    const first = await fetch(`${app.server.url}/pricing`, { headers: { accept: "text/html" } });
    await first.arrayBuffer();
    const again = await sample("a 304 of /pricing", null, "/pricing", { accept: "text/html", "if-none-match": first.headers.get("etag")! });
    expect(again.status).toBe(304);
    expectSecurityHeaders(again);
  });
});

describe("form-action and Stripe", () => {
  it("given billing with Stripe, when the pages whose forms continue to Stripe are opened, then their form-action names Stripe's hosted pages besides 'self', and other pages only 'self'", async () => {
    const { browser } = await signUp(app.server.url);
    const html = { accept: "text/html" };
    for (const [pagePath, who] of [
      ["/app/pricing", browser],
      ["/app/settings?tab=billing", browser],
      ["/register", null],
    ] as const) {
      const page = await sample(pagePath, who, pagePath, html);
      expect(page.status, pagePath).toBe(200);
      expect(directives(page.headers.get("content-security-policy")).get("form-action"), pagePath).toEqual([
        "'self'",
        "https://checkout.stripe.com",
        "https://billing.stripe.com",
        stripe.url,
      ]);
    }
    const login = await sample("/login", null, "/login", html);
    expect(directives(login.headers.get("content-security-policy")).get("form-action")).toEqual(["'self'"]);
  });
});

describe("caching of signed-in answers", () => {
  it("given a signed-in person, when a page, an API call, GET /api/auth/user (its fast lane), a public page and a redirect are fetched, then each answers Cache-Control: no-store; signed out, a public page keeps its revalidated caching", async () => {
    const { browser, user } = await signUp(app.server.url);
    const html = { accept: "text/html" };
    const signedIn = [
      await sample("a signed-in page", browser, "/app/dashboard", html),
      await sample("another signed-in page", browser, "/app/queue?tab=drafts", html),
      await sample("an API answer", browser, "/api/posts"),
      await sample("the fast lane of /api/auth/user", browser, "/api/auth/user"),
      await sample("a public page, signed in", browser, "/pricing", html),
      await sample("a redirect, signed in", browser, "/login", html),
    ];
    expect(signedIn.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 302]);
    for (const answer of signedIn) expect(answer.headers.get("cache-control"), answer.name).toBe("no-store");
    const me = await browser.get("/api/auth/user");
    expect(me.data.email).toBe(user.email);

    const signedOut = await sample("a public page, signed out", null, "/pricing", html);
    expect(signedOut.status).toBe(200);
    expect(signedOut.headers.get("cache-control")).toBe("no-cache");
    expect(signedOut.headers.get("etag")).toMatch(/^"[^"]+"$/);
  });
});
