import { describe, expect, it } from "vitest";
import { reconnectHref } from "./ConnectedAccounts";

describe("reconnecting an account", () => {
  it("starts the platform's OAuth flow again for OAuth platforms, else opens the connect screen", () => {
    expect(reconnectHref({ platform: "linkedin", status: "reconnect_needed" })).toBe("/api/auth/linkedin");
    expect(reconnectHref({ platform: "x", status: "connected" })).toBe("/api/auth/twitter");
    expect(reconnectHref({ platform: "bluesky", status: "reconnect_needed" })).toBe("/app/connect-accounts");
    expect(reconnectHref({ platform: "yelp", status: "listing" })).toBe("/app/connect-accounts");
    expect(reconnectHref({ platform: "facebook", status: "sandbox" })).toBe("/app/connect-accounts");
    expect(reconnectHref({ platform: "myspace", status: "connected" })).toBe("/app/connect-accounts");
  });
});
