import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { Browser, signUp } from "../support/browser";
import { useAppServer } from "../support/server";

/**
 * The declared HTTP contract (infra/app-api.ts) as a program reads it: the OpenAPI document made
 * from the declarations, and refusals as RFC 9457 problem details.
 */

const app = useAppServer();

describe("the declared HTTP contract", () => {
  it("given GET /api/openapi.json, then an OpenAPI 3.1 document lists the declared operations, each write with its 4xx answers", async () => {
    const response = await new Browser(app.server.url).get("/api/openapi.json");
    expect(response.status).toBe(200);
    const document = response.data as { openapi: string; info: { title: string }; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info.title).toBe("SocialDesk API");
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/api/categories", "/api/categories/{id}", "/api/categories/{id}/evergreen"]));
    const create = document.paths["/api/categories"]!.post!;
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(["201", "400", "409"]));
    const update = document.paths["/api/categories/{id}"]!.put!;
    expect(Object.keys(update.responses)).toEqual(expect.arrayContaining(["200", "400", "404", "409"]));
  });

  it("given the document, then a standard validator finds it valid OpenAPI 3.1, and every write declares its refusals, no operation a 500", async () => {
    const document = (await new Browser(app.server.url).get("/api/openapi.json")).data;
    const result = await validate(structuredClone(document));
    expect(result.valid ? [] : result.errors.slice(0, 3)).toEqual([]);
    const operations = Object.entries(document.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, statuses: Object.keys(operation.responses) })),
    );
    expect(operations.filter((operation) => operation.statuses.includes("500")).map((operation) => operation.name)).toEqual([]);
    const writes = operations.filter((operation) => !operation.name.startsWith("GET "));
    expect(writes.filter((operation) => !operation.statuses.some((status) => status.startsWith("4"))).map((operation) => operation.name)).toEqual([]);
  });

  it("given GET /api/openapi.json, then a list's filters show what they accept (the inbox's types, the analytics periods), not bare text", async () => {
    const document = (await new Browser(app.server.url).get("/api/openapi.json")).data as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema: unknown }[] }>>;
    };
    const parameter = (path: string, name: string) => document.paths[path]?.get?.parameters?.find((p) => p.in === "query" && p.name === name)?.schema;
    expect(JSON.stringify(parameter("/api/social-inbox", "type"))).toContain('"enum":["dm","comment","mention"]');
    expect(JSON.stringify(parameter("/api/analytics", "period"))).toContain('"enum":["7d","30d","90d","365d"]');
    expect(JSON.stringify(parameter("/api/posts", "accountId"))).toContain('"format":"uuid"');
  });

  it("given GET /api/openapi.json, then signing in, the person's own account, workspaces, invitations and billing are declared with their refusals", async () => {
    const document = (await new Browser(app.server.url).get("/api/openapi.json")).data as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const answers = (path: string, method: string) => Object.keys(document.paths[path]?.[method]?.responses ?? {});
    expect(answers("/api/auth/login", "post")).toEqual(expect.arrayContaining(["200", "400", "401", "403", "429"]));
    expect(answers("/api/auth/register", "post")).toEqual(expect.arrayContaining(["201", "400", "409"]));
    expect(answers("/api/user/password", "post")).toEqual(expect.arrayContaining(["200", "400", "401", "429"]));
    expect(answers("/api/workspaces/switch", "post")).toEqual(expect.arrayContaining(["200", "303", "400", "404"]));
    expect(answers("/api/invitations/{token}", "post")).toEqual(expect.arrayContaining(["201", "400", "404", "409"]));
    expect(answers("/api/start-trial", "post")).toEqual(expect.arrayContaining(["200", "400", "403", "502", "503"]));
    expect(answers("/api/health", "get")).toEqual(expect.arrayContaining(["200", "503"]));
  });

  it("given refused requests, then each answers application/problem+json with its status, a title and today's sentence as detail", async () => {
    const signedOut = await new Browser(app.server.url).get("/api/categories");
    expect(signedOut.status).toBe(401);
    const { browser } = await signUp(app.server.url);
    const invalid = await browser.post("/api/categories", { name: "" });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("content-type")).toContain("application/problem+json");
    expect(invalid.data).toMatchObject({ status: 400, title: expect.any(String), detail: expect.any(String), errors: { name: expect.any(String) } });
    const missing = await browser.get("/api/categories/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(missing.data).toMatchObject({ status: 404, type: expect.stringContaining("problem"), detail: "This category does not exist, or was deleted." });
    // An id that is no UUID is refused by the declaration, with the same sentence for its kind of item.
    for (const [path, sentence] of [
      ["/api/categories/not-an-id", "This category does not exist, or was deleted."],
      ["/api/posts/not-an-id", "This post does not exist, or was deleted."],
      ["/api/media/not-an-id", "This media file does not exist, or was deleted."],
    ] as const) {
      const malformed = await browser.get(path);
      expect([malformed.status, malformed.data.detail]).toEqual([404, sentence]);
    }
  });
});

describe("the API reference", () => {
  it("given GET /api/docs, then a page of our own scripts (Scalar's bundle as a file) reads the document, under a policy that loads nothing else", async () => {
    const browser = new Browser(app.server.url);
    const page = await browser.get("/api/docs", { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    const policy = page.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(page.text).toContain('<script src="/api/docs/scalar.js" defer></script>');
    expect(page.text).not.toMatch(/<script>/);
    const script = await browser.get("/api/docs/scalar.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toContain("javascript");
    expect(script.text).toContain("createApiReference");
    const start = await browser.get("/api/docs/start.js");
    expect(start.text).toContain('fetch("/api/openapi.json"');
  });
});
