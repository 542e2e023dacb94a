import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiErrorCode, apiErrorFields, apiErrorMessage, apiErrorStatus, apiFetch } from "./api-client";

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

describe("apiFetch", () => {
  it("sends cookies and no body or content type without a payload", async () => {
    answer(200, '{"ok":true}', { contentType: "application/json" });
    await expect(apiFetch("/api/posts")).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/posts");
    expect(init?.method).toBe("GET");
    expect(init?.credentials).toBe("include");
    expect(init?.body).toBeUndefined();
    expect((init?.headers as Record<string, string>)["Content-Type"]).toBeUndefined();
  });

  it("sends a JSON body with the JSON content type", async () => {
    answer(201, '{"id":"p1"}', { contentType: "application/json; charset=utf-8" });
    await expect(apiFetch("/api/posts", { method: "POST", body: { content: "Hi" } })).resolves.toEqual({ id: "p1" });
    const [, init] = fetchMock.mock.calls[0];
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"content":"Hi"}');
    expect((init?.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("answers null for an empty body", async () => {
    answer(204, "");
    await expect(apiFetch("/api/posts/1", { method: "DELETE" })).resolves.toBeNull();
  });

  it("throws `${status}: ${body}` on a non-OK answer", async () => {
    const body = '{"error":{"code":"conflict","message":"The post was changed meanwhile."}}';
    answer(409, body, { statusText: "Conflict", contentType: "application/json" });
    const error = await apiFetch("/api/posts/1", { method: "PATCH", body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe(`409: ${body}`);
    expect((error as ApiError).status).toBe(409);
  });

  it("uses the status text when the body is empty", async () => {
    answer(404, "", { statusText: "Not Found" });
    await expect(apiFetch("/api/nope")).rejects.toThrow(/^404: Not Found$/);
  });
});

describe("API error helpers", () => {
  const validation = new ApiError(
    400,
    "Bad Request",
    '{"error":{"code":"validation","message":"Please check the form.","fields":{"email":"Invalid email address","username":["Username must be at least 3 characters"]}}}',
  );

  it("extracts the human message, else the fallback", () => {
    expect(apiErrorMessage(validation, "Failed")).toBe("Please check the form.");
    expect(apiErrorMessage(new ApiError(500, "Server Error", "<html>oops</html>"), "Failed")).toBe("Failed");
    expect(apiErrorMessage(new ApiError(404, "Not Found", ""), "Failed")).toBe("Failed");
    expect(apiErrorMessage(new TypeError("fetch failed"), "Failed")).toBe("Failed");
    expect(apiErrorMessage("weird", "Failed")).toBe("Failed");
  });

  it("reads plain Errors that follow the status-colon-body rule", () => {
    const plain = new Error('401: {"error":{"code":"unauthorized","message":"Invalid email or password."}}');
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
