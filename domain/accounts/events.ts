import type { DomainEvent } from "../shared";
import type { PlatformId } from "./platforms";

/** How the account is linked: a platform's OAuth, a Bluesky app password, a public listing URL, or a sandbox. */
export type AccountKind = "oauth" | "bluesky" | "listing" | "sandbox";
export type AccountStatus = "connected" | "reconnect_needed" | "sandbox" | "listing";

/** What the platform says of the account when it is connected or refreshed. */
export interface AccountProfile {
  readonly externalId: string;
  readonly accountName: string;
  readonly username: string | null;
  readonly avatarUrl: string | null;
  readonly followers: number;
  readonly profileUrl: string | null;
  readonly metadata: Readonly<Record<string, unknown>>;
}

export type AccountEvent =
  | DomainEvent<
      "AccountConnected",
      AccountProfile & {
        readonly accountId: string;
        readonly workspaceId: string;
        readonly platform: PlatformId;
        readonly kind: AccountKind;
        readonly tokenExpiresAt: string | null;
      }
    >
  | DomainEvent<"AccountReconnected", AccountProfile & { readonly kind: AccountKind; readonly tokenExpiresAt: string | null }>
  | DomainEvent<"AccountProfileRefreshed", Omit<AccountProfile, "externalId" | "profileUrl" | "metadata">>
  | DomainEvent<"AccountPaused", Record<string, never>>
  | DomainEvent<"AccountResumed", Record<string, never>>
  | DomainEvent<"AccountTokensRefreshed", { readonly expiresAt: string | null }>
  | DomainEvent<"AccountNeedsReconnect", { readonly reason: string }>
  | DomainEvent<"AccountDisconnected", Record<string, never>>;

export const accountStreamId = (accountId: string) => `account-${accountId}`;
