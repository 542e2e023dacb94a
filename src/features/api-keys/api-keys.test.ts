import { describe, expect, it } from "vitest";
import { curlExample, expiryOf, expiryText, lastUsedText, mcpConfig, mcpEndpoint, newKeyFromForm, stateOf } from "./api-keys";

const day = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "America/New_York" });
const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "America/New_York" });

describe("a key's expiry", () => {
  it("given a picked day, then the key works to the end of that day in the person's time zone", () => {
    expect(expiryOf("2027-01-31", "America/New_York")).toBe("2027-02-01T05:00:00.000Z");
    expect(expiryOf("2027-07-31", "America/New_York")).toBe("2027-08-01T04:00:00.000Z");
    expect(expiryOf("2027-01-31", "Asia/Kolkata")).toBe("2027-01-31T18:30:00.000Z");
  });

  it("given no day, then none; given something not a day, then it is passed on for the API to refuse beside the field", () => {
    expect(expiryOf("", "UTC")).toBeNull();
    expect(expiryOf("  ", "UTC")).toBeNull();
    expect(expiryOf("2027-02-30", "UTC")).toBe("2027-02-30");
    expect(expiryOf("tomorrow", "UTC")).toBe("tomorrow");
  });

  it("given a stored expiry, then it reads as the last day it works, or the moment a program set", () => {
    expect(expiryText(null, "America/New_York", day, when)).toBe("Never");
    expect(expiryText("2027-02-01T05:00:00.000Z", "America/New_York", day, when)).toBe("End of Jan 31, 2027");
    expect(expiryText("2027-02-01T15:30:00.000Z", "America/New_York", day, when)).toBe("Feb 1, 2027, 10:30 AM");
  });
});

describe("the create form without JavaScript", () => {
  it("given the posted fields, then the API's payload: the ticked box true, the day an instant", () => {
    expect(newKeyFromForm({ name: "Zapier", access: "write", requireApproval: "on", expiresAt: "2027-01-31" }, "UTC")).toEqual({
      name: "Zapier",
      access: "write",
      requireApproval: true,
      expiresAt: "2027-02-01T00:00:00.000Z",
    });
    expect(newKeyFromForm({ name: "Reports" }, "UTC")).toEqual({ name: "Reports", access: "", requireApproval: false, expiresAt: null });
  });
});

describe("a key in the list", () => {
  const now = new Date("2026-11-27T12:00:00Z");

  it("given its dates, then live, expired or revoked", () => {
    expect(stateOf({ revokedAt: null, expiresAt: null }, now)).toBe("live");
    expect(stateOf({ revokedAt: null, expiresAt: "2026-11-28T00:00:00Z" }, now)).toBe("live");
    expect(stateOf({ revokedAt: null, expiresAt: "2026-11-27T12:00:00Z" }, now)).toBe("expired");
    expect(stateOf({ revokedAt: "2026-11-20T00:00:00Z", expiresAt: "2026-11-01T00:00:00Z" }, now)).toBe("revoked");
  });

  it("given its last use, then never, minutes, hours, days, or the date after a week", () => {
    expect(lastUsedText(null, now, day)).toBe("Never");
    expect(lastUsedText("2026-11-27T11:59:30Z", now, day)).toBe("Just now");
    expect(lastUsedText("2026-11-27T11:59:00Z", now, day)).toBe("1 minute ago");
    expect(lastUsedText("2026-11-27T11:15:00Z", now, day)).toBe("45 minutes ago");
    expect(lastUsedText("2026-11-27T09:00:00Z", now, day)).toBe("3 hours ago");
    expect(lastUsedText("2026-11-25T12:00:00Z", now, day)).toBe("2 days ago");
    expect(lastUsedText("2026-11-01T12:00:00Z", now, day)).toBe("Nov 1, 2026");
  });
});

describe("using a key", () => {
  it("given this server's origin and a key, then the MCP endpoint and a client's configuration that sends it as a Bearer token", () => {
    expect(mcpEndpoint("https://desk.example")).toBe("https://desk.example/mcp");
    expect(JSON.parse(mcpConfig("https://desk.example", "sd_live_abc"))).toEqual({
      mcpServers: { socialdesk: { type: "http", url: "https://desk.example/mcp", headers: { Authorization: "Bearer sd_live_abc" } } },
    });
    expect(mcpConfig("https://desk.example")).toContain('"Authorization": "Bearer <your API key>"');
    expect(curlExample("http://127.0.0.1:4641", "sd_live_abc")).toBe('curl http://127.0.0.1:4641/api/posts \\\n  -H "Authorization: Bearer sd_live_abc"');
  });
});
