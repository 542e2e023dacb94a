import { insertRow, type Projection, type RowChange, updateRow } from "../shared";
import type { AccountEvent, AccountProfile, AccountStatus } from "./events";

const statusOf = (kind: string): AccountStatus => (kind === "sandbox" ? "sandbox" : kind === "listing" ? "listing" : "connected");

/** The columns a connection (first or again) sets: the platform's profile, active, in good standing. */
const connectionColumns = (d: AccountProfile & { readonly kind: string; readonly tokenExpiresAt: string | null }, at: Date) => ({
  external_id: d.externalId,
  account_name: d.accountName,
  username: d.username,
  avatar_url: d.avatarUrl,
  profile_url: d.profileUrl,
  followers: d.followers,
  metadata: d.metadata,
  is_active: true,
  status: statusOf(d.kind),
  status_reason: null,
  token_expires_at: d.tokenExpiresAt ? new Date(d.tokenExpiresAt) : null,
  connected_at: at,
  disconnected_at: null,
});

/** The social_accounts read model: every account ever connected; disconnected ones keep their row and history. */
export const accountsProjection: Projection<AccountEvent> = {
  name: "social-accounts",
  kind: "inline",
  tables: [{ name: "social_accounts", key: ["id"] }],
  handles: [
    "AccountConnected",
    "AccountReconnected",
    "AccountProfileRefreshed",
    "AccountPaused",
    "AccountResumed",
    "AccountTokensRefreshed",
    "AccountNeedsReconnect",
    "AccountDisconnected",
  ],
  project: (event): ReadonlyArray<RowChange> => {
    const at = event.createdAt;
    const key = { id: event.streamId.slice("account-".length) };
    const account = (set: Record<string, unknown>) => [updateRow("social_accounts", key, { ...set, updated_at: at })];
    switch (event.type) {
      case "AccountConnected": {
        const d = event.data;
        return [
          insertRow("social_accounts", {
            id: d.accountId,
            workspace_id: d.workspaceId,
            platform: d.platform,
            kind: d.kind,
            ...connectionColumns(d, at),
            updated_at: at,
          }),
        ];
      }
      case "AccountReconnected":
        return account(connectionColumns(event.data, at));
      case "AccountProfileRefreshed":
        return account({
          account_name: event.data.accountName,
          username: event.data.username,
          avatar_url: event.data.avatarUrl,
          followers: event.data.followers,
        });
      case "AccountPaused":
        return account({ is_active: false });
      case "AccountResumed":
        return account({ is_active: true });
      case "AccountTokensRefreshed":
        return account({ token_expires_at: event.data.expiresAt ? new Date(event.data.expiresAt) : null });
      case "AccountNeedsReconnect":
        return account({ status: "reconnect_needed", status_reason: event.data.reason });
      case "AccountDisconnected":
        return account({ disconnected_at: at, is_active: false });
    }
  },
};
