import { describe, it } from "vitest";
import { DeciderSpecification } from "../shared/decider-spec";
import { accountDecider, connectAccount, disconnectAccount, reconnectAccount, requireReconnect, setAccountActive } from "./account";
import type { AccountEvent, AccountProfile } from "./events";

const spec = DeciderSpecification(accountDecider);
const profile: AccountProfile = {
  externalId: "did:plc:abc",
  accountName: "Doe Dental",
  username: "doedental.bsky.social",
  avatarUrl: null,
  followers: 12,
  profileUrl: null,
  metadata: {},
};
const connected: AccountEvent = {
  type: "AccountConnected",
  data: { accountId: "a1", workspaceId: "w1", platform: "bluesky", kind: "bluesky", ...profile, tokenExpiresAt: null },
};

describe("a connected account", () => {
  it("when connected, records AccountConnected with its profile", () =>
    spec
      .given([])
      .when(connectAccount({ accountId: "a1", workspaceId: "w1", platform: "bluesky", kind: "bluesky", profile, tokenExpiresAt: null }))
      .then([connected]));

  it("given it exists, connecting the same stream again is a conflict", () =>
    spec
      .given([connected])
      .when(connectAccount({ accountId: "a1", workspaceId: "w1", platform: "bluesky", kind: "bluesky", profile, tokenExpiresAt: null }))
      .thenFails("Conflict"));

  it("given it was disconnected, reconnecting keeps the stream and its kind", () =>
    spec
      .given([connected, { type: "AccountDisconnected", data: {} }])
      .when(reconnectAccount({ profile: { ...profile, followers: 20 }, tokenExpiresAt: new Date("2026-01-01T00:00:00Z") }))
      .then([{ type: "AccountReconnected", data: { ...profile, followers: 20, kind: "bluesky", tokenExpiresAt: "2026-01-01T00:00:00.000Z" } }]));

  it("pauses and resumes only when that changes something", () => {
    spec.given([connected]).when(setAccountActive({ isActive: false })).then([{ type: "AccountPaused", data: {} }]);
    spec.given([connected]).when(setAccountActive({ isActive: true })).thenNothingHappens();
    spec.given([connected, { type: "AccountPaused", data: {} }]).when(setAccountActive({ isActive: true })).then([{ type: "AccountResumed", data: {} }]);
  });

  it("given a disconnected account, pausing or disconnecting it again is not found", () => {
    spec.given([connected, { type: "AccountDisconnected", data: {} }]).when(setAccountActive({ isActive: false })).thenFails("NotFound");
    spec.given([connected, { type: "AccountDisconnected", data: {} }]).when(disconnectAccount()).thenFails("NotFound");
  });

  it("asks for a reconnect once, however many refreshes fail", () => {
    spec.given([connected]).when(requireReconnect({ reason: "revoked" })).then([{ type: "AccountNeedsReconnect", data: { reason: "revoked" } }]);
    spec.given([connected, { type: "AccountNeedsReconnect", data: { reason: "revoked" } }]).when(requireReconnect({ reason: "again" })).thenNothingHappens();
  });
});
