import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { CONFLICT_FALLBACK, conflictMessage, versionedBody } from "./version-conflict";

describe("version conflicts", () => {
  it("states the version of an item as listed, and sends no body without one", () => {
    expect(versionedBody({ version: 3 })).toEqual({ expectedVersion: 3 });
    expect(versionedBody({ version: 0 })).toEqual({ expectedVersion: 0 });
    expect(versionedBody({})).toBeUndefined();
    expect(versionedBody(undefined)).toBeUndefined();
    expect(versionedBody({ version: Number.NaN })).toBeUndefined();
  });

  it("tells a version conflict (with the server's message) from other refusals", () => {
    expect(
      conflictMessage(
        new ApiError(
          409,
          "Conflict",
          JSON.stringify({ status: 409, code: "version_conflict", detail: "This item was changed by someone else. Reload and try again." }),
        ),
      ),
    ).toBe("This item was changed by someone else. Reload and try again.");
    expect(conflictMessage(new ApiError(409, "Conflict", '{"status":409,"code":"version_conflict"}'))).toBe(CONFLICT_FALLBACK);
    expect(
      conflictMessage(new ApiError(409, "Conflict", JSON.stringify({ status: 409, code: "conflict", detail: "A published post cannot be deleted." }))),
    ).toBeNull();
    expect(conflictMessage(new TypeError("Failed to fetch"))).toBeNull();
  });
});
