import { Schema } from "effect";
import { defineEvents, type EventOf } from "../shared";
import { PLATFORM_IDS } from "./platforms";

/** How the account is linked: a platform's OAuth, a Bluesky app password, a public listing URL, or a sandbox. */
export const ACCOUNT_KINDS = ["oauth", "bluesky", "listing", "sandbox", "telegram", "discord"] as const;
export const AccountKind = Schema.Literals(ACCOUNT_KINDS);
export type AccountKind = typeof AccountKind.Type;
export type AccountStatus = "connected" | "reconnect_needed" | "sandbox" | "listing";

/** What the platform says of the account when it is connected or refreshed. */
export const AccountProfile = Schema.Struct({
  externalId: Schema.String,
  accountName: Schema.String,
  username: Schema.NullOr(Schema.String),
  avatarUrl: Schema.NullOr(Schema.String),
  followers: Schema.Number,
  profileUrl: Schema.NullOr(Schema.String),
  /** Non-secret extras of the platform (page lists, locations, URNs, a sandbox's flag): free-form. */
  metadata: Schema.Record(Schema.String, Schema.Unknown),
});
export type AccountProfile = typeof AccountProfile.Type;

/** Events of a social account's stream (`account-{id}`). */
export const accountEvents = defineEvents({
  AccountConnected: Schema.Struct({
    ...AccountProfile.fields,
    accountId: Schema.String,
    workspaceId: Schema.String,
    platform: Schema.Literals(PLATFORM_IDS),
    kind: AccountKind,
    tokenExpiresAt: Schema.NullOr(Schema.String),
  }),
  AccountReconnected: Schema.Struct({ ...AccountProfile.fields, kind: AccountKind, tokenExpiresAt: Schema.NullOr(Schema.String) }),
  /** The profile's figures without its ids, address and metadata. */
  AccountProfileRefreshed: Schema.Struct({
    accountName: AccountProfile.fields.accountName,
    username: AccountProfile.fields.username,
    avatarUrl: AccountProfile.fields.avatarUrl,
    followers: AccountProfile.fields.followers,
  }),
  AccountPaused: Schema.Struct({}),
  AccountResumed: Schema.Struct({}),
  AccountTokensRefreshed: Schema.Struct({ expiresAt: Schema.NullOr(Schema.String) }),
  AccountNeedsReconnect: Schema.Struct({ reason: Schema.String }),
  AccountDisconnected: Schema.Struct({}),
});

export type AccountEvent = EventOf<typeof accountEvents.schemas>;

export const accountStreamId = (accountId: string) => `account-${accountId}`;
