import { Effect } from "effect";
import { isUuid } from "../../domain/shared";
import type { AccountKind, PlatformId } from "../../domain/accounts";
import { Database } from "../db/Database";
import type { AccountRow as SocialAccountRow } from "./SocialAccounts";

/**
 * What other modules read of the social accounts, as the accounts module answers it: they call
 * these instead of selecting from its tables. Each needs only the database, so a module's own
 * service layer can use them.
 */

/** The connected accounts of every workspace that connected the platform's account of this id (a platform's push). */
export const accountsByExternalId = (platform: string, externalId: string) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ id: string; workspace_id: string }[]>`
        select id, workspace_id from social_accounts where platform = ${platform} and external_id = ${externalId} and disconnected_at is null`,
    ),
  ).pipe(Effect.map((rows) => rows.map((row) => ({ id: row.id, workspaceId: row.workspace_id }))));

/** A connected account of the workspace (its platform and kind), or null for any other id. */
export const connectedAccount = (workspaceId: string, accountId: string) =>
  isUuid(accountId)
    ? Database.use((db) =>
        db.query(
          (sql) => sql<{ id: string; platform: string; kind: string }[]>`
            select id, platform, kind from social_accounts
            where id = ${accountId} and workspace_id = ${workspaceId} and disconnected_at is null`,
        ),
      ).pipe(Effect.map(([row]) => row ?? null))
    : Effect.succeed(null);

/** Who an account is on its platform (kept after it is disconnected: a reply already asked for still knows it), or null. */
export const accountIdentity = (accountId: string) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ kind: string; external_id: string | null; metadata: Record<string, unknown> | null }[]>`
        select kind, external_id, metadata from social_accounts where id = ${accountId}`,
    ),
  ).pipe(Effect.map(([row]) => (row ? { kind: row.kind, externalId: row.external_id, metadata: row.metadata } : null)));

/** The platform's ids of every connected account of a kind on a platform, in any workspace (what a platform's stream is filtered by). */
export const connectedExternalIds = (platform: string, kind: string) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ external_id: string }[]>`
        select distinct external_id from social_accounts where platform = ${platform} and kind = ${kind} and disconnected_at is null`,
    ),
  ).pipe(Effect.map((rows) => rows.map((row) => row.external_id)));

/** How many connected accounts each of these workspaces has, by id (absent for none). */
export const connectedAccountCounts = (workspaceIds: ReadonlyArray<string>) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ workspace_id: string; accounts: number }[]>`
        select workspace_id, count(*)::int as accounts from social_accounts
        where workspace_id = any(${workspaceIds.filter(isUuid)}::uuid[]) and disconnected_at is null group by workspace_id`,
    ),
  ).pipe(Effect.map((rows) => new Map(rows.map((row) => [row.workspace_id, row.accounts]))));
/** The workspace's accounts a post may go to: connected, active and not waiting to be reconnected. */
export const postableAccounts = (workspaceId: string) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ id: string; platform: PlatformId; metadata: Record<string, unknown> }[]>`
        select id, platform, metadata from social_accounts
        where workspace_id = ${workspaceId} and disconnected_at is null and is_active and status <> 'reconnect_needed'`,
    ),
  );

/** The names and platforms of all the workspace's accounts, disconnected ones included, by id. */
export const accountNamesOf = (workspaceId: string) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ id: string; account_name: string; platform: PlatformId }[]>`
        select id, account_name, platform from social_accounts where workspace_id = ${workspaceId}`,
    ),
  ).pipe(Effect.map((rows) => new Map(rows.map((row) => [row.id, { name: row.account_name, platform: row.platform }]))));

/** The workspace's sandbox accounts, connected or not, by name. */
export const sandboxAccountsOf = (workspaceId: string) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ id: string; account_name: string; platform: PlatformId; disconnected_at: Date | null }[]>`
        select id, account_name, platform, disconnected_at from social_accounts
        where workspace_id = ${workspaceId} and kind = 'sandbox' order by account_name, id`,
    ),
  ).pipe(Effect.map((rows) => rows.map((row) => ({ id: row.id, name: row.account_name, platform: row.platform, connected: row.disconnected_at === null }))));

/** The connected accounts among these ids (any workspace), with what reading a platform needs: kind, status and who they are there. */
export const connectedAccountsAmong = (accountIds: ReadonlyArray<string>) =>
  accountIds.length === 0
    ? Effect.succeed(new Map<string, { kind: string; status: string; externalId: string | null; metadata: Record<string, unknown> | null }>())
    : Database.use((db) =>
        db.query(
          (sql) => sql<{ id: string; kind: string; status: string; external_id: string | null; metadata: Record<string, unknown> | null }[]>`
            select id, kind, status, external_id, metadata from social_accounts
            where id = any(${accountIds as string[]}::uuid[]) and disconnected_at is null`,
        ),
      ).pipe(Effect.map((rows) => new Map(rows.map((row) => [row.id, { kind: row.kind, status: row.status, externalId: row.external_id, metadata: row.metadata }]))));

/** An account as another module's job or list needs it, connected or not. */
export interface AccountOfWorkspace {
  readonly id: string;
  readonly workspaceId: string;
  readonly platform: PlatformId;
  readonly kind: AccountKind;
  readonly externalId: string;
  readonly accountName: string;
  readonly profileUrl: string | null;
  readonly metadata: Record<string, unknown>;
  readonly isActive: boolean;
  readonly connected: boolean;
  readonly connectedAt: Date;
}

type AccountRow = Pick<
  SocialAccountRow,
  "id" | "workspace_id" | "platform" | "kind" | "external_id" | "account_name" | "profile_url" | "metadata" | "is_active" | "disconnected_at" | "connected_at"
>;

const ACCOUNT_COLUMNS = "id, workspace_id, platform, kind, external_id, account_name, profile_url, metadata, is_active, disconnected_at, connected_at";

const toAccount = (row: AccountRow): AccountOfWorkspace => ({
  id: row.id,
  workspaceId: row.workspace_id,
  platform: row.platform,
  kind: row.kind,
  externalId: row.external_id,
  accountName: row.account_name,
  profileUrl: row.profile_url,
  metadata: row.metadata,
  isActive: row.is_active,
  connected: row.disconnected_at === null,
  connectedAt: row.connected_at,
});

/** Each account of these ids, disconnected ones too (what a review or a feed still names), by id; an id that is not one is left out. */
export const accountsOf = (ids: ReadonlyArray<string>) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<AccountRow[]>`
        select ${sql.unsafe(ACCOUNT_COLUMNS)} from social_accounts where id = any(${[...new Set(ids.filter(isUuid))]}::uuid[])`,
    ),
  ).pipe(Effect.map((rows) => new Map(rows.map((row) => [row.id, toAccount(row)]))));

/** The connected accounts of these workspaces on these platforms that do not wait for a reconnection: what a poll may read. */
export const accountsToRead = (workspaceIds: ReadonlyArray<string>, platforms: ReadonlyArray<string>) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<AccountRow[]>`
        select ${sql.unsafe(ACCOUNT_COLUMNS)} from social_accounts
        where workspace_id = any(${workspaceIds as string[]}::uuid[]) and platform = any(${platforms as string[]})
          and disconnected_at is null and status <> 'reconnect_needed'`,
    ),
  ).pipe(Effect.map((rows) => rows.map(toAccount)));

/** The workspace's connected, active accounts' ids, the earliest connected first. */
export const activeAccountIdsOf = (workspaceId: string) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ id: string }[]>`
        select id from social_accounts where workspace_id = ${workspaceId} and disconnected_at is null and is_active order by connected_at, id`,
    ),
  ).pipe(Effect.map((rows) => rows.map((row) => row.id)));
