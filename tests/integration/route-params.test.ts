import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SocialDeskApi } from "../../infra/app-api";
import { NUL_MESSAGE } from "../../infra/web/http-fields";
import { type Browser, signUp } from "../support/browser";
import { routeFiles } from "../support/pages";
import { useAppServer } from "../support/server";

/**
 * Text PostgreSQL cannot store (U+0000; issue 27, point 8) in an address: a route parameter holding
 * it answers 404 (no page or item has such a name), a query parameter 400 with a sentence, and no
 * route answers 5xx. A sweep over every route file of src/pages and every declared operation, signed in.
 */

const app = useAppServer();

/** A route file's address with each [param] and [...rest] filled with `value` (already encoded). */
const addressOf = (file: string, value: string) => {
  const route = file
    .replace(/\.(astro|ts)$/, "")
    .split("/")
    .map((segment) => (/^\[.+\]$/.test(segment) ? value : segment))
    .join("/")
    .replace(/(^|\/)index$/, "");
  return `/${route}`;
};

const FILES = routeFiles();
/** The declared operations' paths (infra/app-api.ts) named as route files are: each `:name` a `[name]`. */
const DECLARED = [
  ...new Set(
    Object.values(SocialDeskApi.groups).flatMap((group) => Object.values(group.endpoints).map((endpoint) => `${endpoint.path.slice(1).replace(/:(\w+)/g, "[$1]")}.ts`)),
  ),
];
const WITH_PARAMS = [...FILES, ...DECLARED].filter((file) => file.includes("["));

/** The declared operations' paths with a parameter (infra/app-api.ts), each `:name` filled with `value`. */
const DECLARED_WITH_PARAMS = [
  ...new Set(Object.values(SocialDeskApi.groups).flatMap((group) => Object.values(group.endpoints).map((endpoint) => endpoint.path as string))),
].filter((address) => address.includes("/:"));
const declaredAddressOf = (address: string, value: string) => address.replace(/:\w+/g, value);

/** The query parameters the routes read by name (searchParams.get("…")), and one no route reads. */
const QUERY_KEYS = [
  "x",
  ...new Set(
    readdirSync(path.resolve("src"), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.(astro|ts|tsx)$/.test(file))
      .flatMap((file) => [...readFileSync(path.resolve("src", file), "utf8").matchAll(/searchParams\.get(?:All)?\("([^"]+)"\)/g)].map((m) => m[1]!)),
  ),
];

interface Answer {
  readonly address: string;
  readonly method: string;
  readonly status: number;
  readonly text: string;
}

/** Sends the requests 8 at a time. */
const sweep = async (browser: Browser, requests: ReadonlyArray<{ method: string; address: string; headers?: Record<string, string> }>) => {
  const answers: Answer[] = [];
  const queue = [...requests];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const response = await fetch(`${app.server.url}${next.address}`, {
          method: next.method,
          headers: {
            cookie: browser.cookieHeader(),
            origin: app.server.url,
            ...(next.method === "GET" ? {} : { "content-type": "application/json" }),
            ...next.headers,
          },
          body: next.method === "GET" ? undefined : "{}",
          redirect: "manual",
        });
        answers.push({ address: next.address, method: next.method, status: response.status, text: await response.text() });
      }
    }),
  );
  return answers;
};

describe("route parameters holding NUL", () => {
  it("given every route with a parameter, when it is %00 or a%00b, then each answers 404 (GET and POST), never 5xx", async () => {
    expect(WITH_PARAMS.length + DECLARED_WITH_PARAMS.length).toBeGreaterThan(50);
    const { browser } = await signUp(app.server.url);
    const requests = [
      ...WITH_PARAMS.flatMap((file) => ["%00", "a%00b"].map((value) => addressOf(file, value))),
      ...DECLARED_WITH_PARAMS.flatMap((address) => ["%00", "a%00b"].map((value) => declaredAddressOf(address, value))),
    ].flatMap((address) => ["GET", "POST"].map((method) => ({ method, address })));
    const answers = await sweep(browser, requests);
    const wrong = answers.filter((a) => a.status !== 404).map((a) => `${a.method} ${a.address}: ${a.status} ${a.text.slice(0, 200)}`);
    expect(wrong).toEqual([]);
    const api = answers.find((a) => a.address.startsWith("/api/") && a.method === "GET")!;
    expect(JSON.parse(api.text)).toMatchObject({ status: 404, code: "not_found", detail: "Not found." });
    // An id that is no UUID names nothing either: a declared operation answers 404 (a problem) before it reads the body.
    const [declared] = await sweep(browser, [{ method: "DELETE", address: declaredAddressOf("/api/approval-links/:id", "not-an-id") }]);
    expect(declared!.status).toBe(404);
    expect(JSON.parse(declared!.text)).toMatchObject({ status: 404, code: "not_found" });
  });

  it("given the public link-in-bio page and its avatar, when the username holds NUL, then they answer 404", async () => {
    for (const address of ["/bio/%00", "/bio/a%00b", "/bio/%00/avatar", "/bio/a%00b/avatar", "/bio/a%00b/go/%00"]) {
      const response = await fetch(`${app.server.url}${address}`, { headers: { accept: "text/html" } });
      expect(response.status, address).toBe(404);
      await response.arrayBuffer();
    }
  });

  it("given a parameter that is not UTF-8 at all, when sent, then no route answers 5xx", async () => {
    const { browser } = await signUp(app.server.url);
    const requests = WITH_PARAMS.flatMap((file) => ["%ff", "%ed%a0%80", "a%c3"].map((value) => ({ method: "GET", address: addressOf(file, value) })));
    const answers = await sweep(browser, requests);
    expect(answers.filter((a) => a.status >= 500).map((a) => `${a.address}: ${a.status} ${a.text.slice(0, 200)}`)).toEqual([]);
  });
});

describe("query parameters holding NUL", () => {
  it("given every route and every query parameter the routes read, when its value holds NUL, then each answers 400 with the sentence", async () => {
    expect(QUERY_KEYS).toEqual(expect.arrayContaining(["x", "next", "token", "tab", "plan"]));
    const { browser } = await signUp(app.server.url);
    const requests = FILES.flatMap((file) =>
      QUERY_KEYS.map((key) => ({ method: "GET", address: `${addressOf(file, "some-id")}?${encodeURIComponent(key)}=a%00b` })),
    );
    const answers = await sweep(browser, requests);
    const wrong = answers.filter((a) => a.status !== 400).map((a) => `${a.address}: ${a.status} ${a.text.slice(0, 200)}`);
    expect(wrong).toEqual([]);
    for (const answer of answers) {
      const key = decodeURIComponent(/\?([^=]+)=/.exec(answer.address)![1]!);
      expect(JSON.parse(answer.text), answer.address).toMatchObject({ status: 400, code: "invalid_input", detail: NUL_MESSAGE, errors: { [key]: NUL_MESSAGE } });
    }
  }, 120_000);

  it("given a page opened by a browser with NUL in its query, when answered, then it is 400 with the sentence as text", async () => {
    for (const address of ["/login?next=%00", "/?x=%00", "/pricing?utm_source=a%00b"]) {
      const response = await fetch(`${app.server.url}${address}`, { headers: { accept: "text/html" } });
      expect(response.status, address).toBe(400);
      expect(await response.text(), address).toMatch(/^The parameter "(next|x|utm_source)" of the address holds a NUL character \(U\+0000\)/);
    }
  });
});
