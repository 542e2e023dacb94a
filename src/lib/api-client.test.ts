import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiErrorCode, apiErrorFields, apiErrorMessage, apiErrorStatus } from "./api-client";
import { api } from "./api/client";

const fetchMock = vi.fn<typeof fetch>();

const answer = (status: number, body: string, init: { statusText?: string; contentType?: string } = {}) =>
  fetchMock.mockResolvedValueOnce(
    new Response(status === 204 ? null : body, {
      status,
      statusText: init.statusText ?? "",
      headers: init.contentType ? { "content-type": init.contentType } : {},
    }),
  );

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe("the typed client (src/lib/api/client.ts)", () => {
  it("sends cookies and no body or content type without a payload", async () => {
    answer(200, "[]", { contentType: "application/json" });
    await expect(api.get("/api/categories")).resolves.toEqual([]);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/categories");
    expect(init?.method).toBe("GET");
    expect(init?.credentials).toBe("include");
    expect(init?.body).toBeUndefined();
    expect((init?.headers as Record<string, string>)["Content-Type"]).toBeUndefined();
  });

  it("fills the path's parameters and writes the query", async () => {
    answer(200, '{"items":[],"next":null}', { contentType: "application/json" });
    await api.get("/api/posts", { query: { limit: "100", status: "draft" } });
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/posts?limit=100&status=draft");
    answer(204, "");
    await expect(api.delete("/api/categories/:id", { params: { id: "a b/c" } })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[1]![0]).toBe("/api/categories/a%20b%2Fc");
  });

  it("sends a JSON body with the JSON content type", async () => {
    answer(201, '{"id":"c1"}', { contentType: "application/json; charset=utf-8" });
    await expect(api.post("/api/categories", { payload: { name: "Tips" } })).resolves.toEqual({ id: "c1" });
    const [, init] = fetchMock.mock.calls[0];
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"name":"Tips"}');
    expect((init?.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("throws `${status}: ${body}` on a refusal, the problem readable by the helpers", async () => {
    const body = '{"type":"urn:socialdesk:problem:conflict","title":"Conflict","status":409,"detail":"The post was changed meanwhile.","code":"conflict"}';
    answer(409, body, { statusText: "Conflict", contentType: "application/problem+json" });
    const error = await api.put("/api/categories/:id", { params: { id: "c1" }, payload: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe(`409: ${body}`);
    expect((error as ApiError).status).toBe(409);
    expect(apiErrorMessage(error, "Failed")).toBe("The post was changed meanwhile.");
    expect(apiErrorCode(error)).toBe("conflict");
  });

  it("uses the status text when the body is empty", async () => {
    answer(404, "", { statusText: "Not Found" });
    await expect(api.get("/api/categories")).rejects.toThrow(/^404: Not Found$/);
  });
});

describe("API error helpers", () => {
  const validation = new ApiError(
    400,
    "Bad Request",
    '{"type":"urn:socialdesk:problem:validation","title":"Invalid input","status":400,"detail":"Please check the form.","code":"validation","errors":{"email":"Invalid email address","username":["Username must be at least 3 characters"]}}',
  );

  it("extracts the human message, else the fallback", () => {
    expect(apiErrorMessage(validation, "Failed")).toBe("Please check the form.");
    expect(apiErrorMessage(new ApiError(500, "Server Error", "<html>oops</html>"), "Failed")).toBe("Failed");
    expect(apiErrorMessage(new ApiError(404, "Not Found", ""), "Failed")).toBe("Failed");
    expect(apiErrorMessage(new TypeError("fetch failed"), "Failed")).toBe("Failed");
    expect(apiErrorMessage("weird", "Failed")).toBe("Failed");
  });

  it("reads plain Errors that follow the status-colon-body rule", () => {
    const plain = new Error('401: {"status":401,"detail":"Invalid email or password.","code":"unauthorized"}');
    expect(apiErrorMessage(plain, "Login Failed")).toBe("Invalid email or password.");
    expect(apiErrorCode(plain)).toBe("unauthorized");
    expect(apiErrorStatus(plain)).toBe(401);
  });

  it("extracts code, fields and status", () => {
    expect(apiErrorCode(validation)).toBe("validation");
    expect(apiErrorFields(validation)).toEqual({
      email: "Invalid email address",
      username: "Username must be at least 3 characters",
    });
    expect(apiErrorStatus(validation)).toBe(400);
    expect(apiErrorFields(new Error("nope"))).toEqual({});
    expect(apiErrorStatus(new Error("nope"))).toBeNull();
  });
});

describe("problem details (RFC 9457), as the declared operations answer", () => {
  const problem = new ApiError(
    409,
    "Conflict",
    JSON.stringify({ type: "urn:socialdesk:problem:conflict", title: "Conflict", status: 409, detail: 'A category named "Tips" already exists.', code: "conflict", errors: { name: "Taken." } }),
  );
  it("given a problem body, then its detail, code, errors and status are read as the error body's", () => {
    expect(apiErrorMessage(problem, "fallback")).toBe('A category named "Tips" already exists.');
    expect(apiErrorCode(problem)).toBe("conflict");
    expect(apiErrorFields(problem)).toEqual({ name: "Taken." });
    expect(apiErrorStatus(problem)).toBe(409);
  });
});
