import { describe, expect, it } from "vitest";
import { eventDecoder, eventTypesOf } from "../shared";
import { type AccountEvent, type AccountProfile, accountEvents } from "./events";

const decoder = eventDecoder([accountEvents]);
const envelope = {
  streamId: "account-a1",
  metadata: { actorId: "u1", workspaceId: "w1", correlationId: "c1", causationId: null },
};

const profile: AccountProfile = {
  externalId: "did:plc:abc",
  accountName: "Doe Dental",
  username: "doedental.bsky.social",
  avatarUrl: "https://pds.example/xrpc/com.atproto.sync.getBlob?did=did%3Aplc%3Aabc&cid=bafy",
  followers: 12,
  profileUrl: "https://bsky.app/profile/doedental.bsky.social",
  metadata: { did: "did:plc:abc", service: "https://bsky.social", source: "repository", pages: [{ id: "1", name: "Doe" }] },
};

/** One realistic sample of each account event's data (the compiler asks for every type). */
const samples: { readonly [E in AccountEvent as E["type"]]: E["data"] } = {
  AccountConnected: { accountId: "a1", workspaceId: "w1", platform: "bluesky", kind: "bluesky", ...profile, tokenExpiresAt: null },
  AccountReconnected: { ...profile, followers: 20, kind: "oauth", tokenExpiresAt: "2026-01-01T00:00:00.000Z" },
  AccountProfileRefreshed: { accountName: "Doe Dental Clinic", username: null, avatarUrl: null, followers: 40 },
  AccountPaused: {},
  AccountResumed: {},
  AccountTokensRefreshed: { expiresAt: "2026-02-01T00:00:00.000Z" },
  AccountNeedsReconnect: { reason: "Bluesky refused to renew access. Reconnect the account." },
  AccountDisconnected: {},
};

describe("the account events, decoded", () => {
  it("the catalogue declares every account event type", () => {
    expect([...eventTypesOf(accountEvents)].sort()).toEqual(Object.keys(samples).sort());
  });

  it.each(Object.entries(samples))("given an %s, when read, then every key of its data is kept", (type, data) => {
    expect(decoder.decode(type, 1, data, envelope)).toStrictEqual(data);
  });

  it("given a listing with no token expiry, when read, then its nulls are kept", () => {
    const data = { ...samples.AccountConnected, platform: "yelp", kind: "listing", username: null, avatarUrl: null, metadata: {} };
    expect(decoder.decode("AccountConnected", 1, data, envelope)).toStrictEqual(data);
  });

  it("given an unknown kind, when read, then it fails loudly with the type", () => {
    expect(() => decoder.decode("AccountReconnected", 1, { ...samples.AccountReconnected, kind: "telepathy" }, envelope)).toThrow(/AccountReconnected/);
  });
});
