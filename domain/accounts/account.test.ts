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

  it("given it exists, when connected again, then it is a conflict: the account is already connected", () =>
    spec
      .given([connected])
      .when(connectAccount({ accountId: "a1", workspaceId: "w1", platform: "bluesky", kind: "bluesky", profile, tokenExpiresAt: null }))
      .thenFails("Conflict", "This account is already connected."));

  it("given it was disconnected, reconnecting keeps the stream and its kind", () =>
    spec
      .given([connected, { type: "AccountDisconnected", data: {} }])
      .when(reconnectAccount({ profile: { ...profile, followers: 20 }, tokenExpiresAt: new Date("2026-01-01T00:00:00Z") }))
      .then([{ type: "AccountReconnected", data: { ...profile, followers: 20, kind: "bluesky", tokenExpiresAt: "2026-01-01T00:00:00.000Z" } }]));

  it("given an active account, when paused, then AccountPaused is recorded", () =>
    spec
      .given([connected])
      .when(setAccountActive({ isActive: false }))
      .then([{ type: "AccountPaused", data: {} }]));

  it("given an active account, when resumed, then nothing happens", () =>
    spec
      .given([connected])
      .when(setAccountActive({ isActive: true }))
      .thenNothingHappens());

  it("given a paused account, when resumed, then AccountResumed is recorded", () =>
    spec
      .given([connected, { type: "AccountPaused", data: {} }])
      .when(setAccountActive({ isActive: true }))
      .then([{ type: "AccountResumed", data: {} }]));

  it("given a disconnected account, when paused, then the account is not found", () =>
    spec
      .given([connected, { type: "AccountDisconnected", data: {} }])
      .when(setAccountActive({ isActive: false }))
      .thenFails("NotFound", "This account does not exist, or was deleted."));

  it("given a disconnected account, when disconnected again, then the account is not found", () =>
    spec
      .given([connected, { type: "AccountDisconnected", data: {} }])
      .when(disconnectAccount())
      .thenFails("NotFound", "This account does not exist, or was deleted."));

  it("given a connected account, when a refresh fails, then it asks for a reconnect", () =>
    spec
      .given([connected])
      .when(requireReconnect({ reason: "revoked" }))
      .then([{ type: "AccountNeedsReconnect", data: { reason: "revoked" } }]));

  it("given it already asks for a reconnect, when another refresh fails, then nothing happens", () =>
    spec
      .given([connected, { type: "AccountNeedsReconnect", data: { reason: "revoked" } }])
      .when(requireReconnect({ reason: "again" }))
      .thenNothingHappens());
});
