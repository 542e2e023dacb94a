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
    expect(missing.data).toMatchObject({ status: 404, type: expect.stringContaining("problem"), detail: expect.any(String) });
  });
});
