import { randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import {
  type AccountEvent,
  type AccountKind,
  type AccountProfile,
  type AccountState,
  type AccountStatus,
  accountDecider,
  accountStreamId,
  connectAccount,
  disconnectAccount,
  type PlatformId,
  platformById,
  reconnectAccount,
  recordTokensRefreshed,
  refreshProfile,
  requireReconnect,
  setAccountActive,
} from "../../domain/accounts";
import { isLimitReached, limitReachedMessage, limitsOf } from "../../domain/plans";
import { type Caller, type CommandContext, type ConcurrencyConflict, Conflict, NotFound, PlanLimitReached } from "../../domain/shared";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";
import { agencyWorkspaceIds, lockAgency } from "../identity/queries";
import { decryptSecret, encryptSecret } from "../platforms/crypto";

/** An account as the API and screens show it; tokens never leave the server. */
export interface AccountView {
  readonly id: string;
  readonly platform: PlatformId;
  readonly kind: AccountKind;
  readonly accountName: string;
  /** The platform's id of the account (spec: accountId). */
  readonly accountId: string;
  readonly username: string | null;
  readonly avatar: string | null;
  readonly profileUrl: string | null;
  readonly followers: number;
  readonly isActive: boolean;
  readonly isConnected: boolean;
  readonly status: AccountStatus;
  readonly statusReason: string | null;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly connectedAt: string;
  readonly tokenExpiresAt: string | null;
}

/** A row of social_accounts. */
export interface AccountRow {
  id: string;
  workspace_id: string;
  platform: PlatformId;
  kind: AccountKind;
  external_id: string;
  account_name: string;
  username: string | null;
  avatar_url: string | null;
  profile_url: string | null;
  followers: number;
  metadata: Record<string, unknown>;
  is_active: boolean;
  status: AccountStatus;
  status_reason: string | null;
  token_expires_at: Date | null;
  connected_at: Date;
  disconnected_at: Date | null;
}

const toView = (row: AccountRow): AccountView => ({
  id: row.id,
  platform: row.platform,
  kind: row.kind,
  accountName: row.account_name,
  accountId: row.external_id,
  username: row.username,
  avatar: row.avatar_url,
  profileUrl: row.profile_url,
  followers: row.followers,
  isActive: row.is_active,
  isConnected: row.disconnected_at === null && row.status !== "reconnect_needed",
  status: row.status,
  statusReason: row.status_reason,
  metadata: row.metadata,
  connectedAt: row.connected_at.toISOString(),
  tokenExpiresAt: row.token_expires_at?.toISOString() ?? null,
});

export interface NewConnection {
  readonly platform: PlatformId;
  readonly kind: AccountKind;
  readonly profile: AccountProfile;
  /** Tokens, app password or session to keep encrypted; none for listings and sandboxes. */
  readonly credentials: unknown | null;
  readonly tokenExpiresAt: Date | null;
}

export interface DueRefresh {
  readonly accountId: string;
  readonly workspaceId: string;
  readonly platform: PlatformId;
  readonly kind: AccountKind;
}

type AccountError = SqlError | ConcurrencyConflict;

/**
 * The connected accounts the plan's limit counts for a workspace: its agency's, across the agency's
 * own workspace and its clients' (a workspace with no agency counts its own). Identity answers which
 * workspaces those are.
 */
const accountsOfAgency = (workspaceId: string) =>
  Effect.gen(function* () {
    const workspaceIds = yield* agencyWorkspaceIds(workspaceId);
    const [row] = yield* Database.use((db) =>
      db.query(
        (sql) => sql<{ count: number }[]>`
          select count(*)::int as count from social_accounts where disconnected_at is null and workspace_id = any(${workspaceIds}::uuid[])`,
      ),
    );
    return row?.count ?? 0;
  });

export class SocialAccounts extends Context.Service<
  SocialAccounts,
  {
    readonly list: (workspaceId: string) => Effect.Effect<ReadonlyArray<AccountView>, SqlError>;
    /** How many connected accounts the plan's limit counts for the workspace (its agency's, clients included). */
    readonly countedForPlan: (workspaceId: string) => Effect.Effect<number, SqlError>;
    readonly get: (workspaceId: string, accountId: string) => Effect.Effect<AccountView, NotFound | SqlError>;
    readonly connect: (
      caller: Caller,
      connection: NewConnection,
    ) => Effect.Effect<{ readonly account: AccountView; readonly reconnected: boolean }, PlanLimitReached | Conflict | NotFound | AccountError>;
    readonly setActive: (caller: Caller, accountId: string, isActive: boolean) => Effect.Effect<AccountView, NotFound | AccountError>;
    readonly disconnect: (caller: Caller, accountId: string) => Effect.Effect<void, NotFound | AccountError>;
    readonly credentials: <T>(accountId: string) => Effect.Effect<T | null, SqlError>;
    /** Replaces the stored credentials (publishing renewed them: Bluesky's rotating refresh JWT); the expiry is kept. */
    readonly updateCredentials: (accountId: string, credentials: unknown) => Effect.Effect<void, SqlError>;
    readonly dueForRefresh: (before: Date) => Effect.Effect<ReadonlyArray<DueRefresh>, SqlError>;
    readonly recordRefresh: (
      due: DueRefresh,
      credentials: unknown,
      expiresAt: Date | null,
      ctx: CommandContext,
    ) => Effect.Effect<void, NotFound | AccountError>;
    readonly requireReconnect: (due: DueRefresh, reason: string, ctx: CommandContext) => Effect.Effect<boolean, NotFound | AccountError>;
    /** The connected accounts of these platforms whose audience can be read now (not waiting for a reconnect), with their count as last kept. */
    readonly audiencesOf: (platforms: ReadonlyArray<PlatformId>) => Effect.Effect<ReadonlyArray<DueRefresh & { readonly followers: number }>, SqlError>;
    /** Keeps a new follower or subscriber count (AccountProfileRefreshed, the rest of the profile as it is). */
    readonly recordAudience: (due: DueRefresh, followers: number, ctx: CommandContext) => Effect.Effect<void, NotFound | AccountError>;
  }
>()("app/SocialAccounts") {
  static layer = Layer.effect(
    SocialAccounts,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;
      const provide = <A, E>(effect: Effect.Effect<A, E, EventStore | Database>) =>
        effect.pipe(Effect.provideService(EventStore, store), Effect.provideService(Database, db));

      const rowsWhere = (where: (sql: import("../db/Database").Sql) => ReturnType<import("../db/Database").Sql>) =>
        db.query(
          (sql) => sql<AccountRow[]>`
            select id, workspace_id, platform, kind, external_id, account_name, username, avatar_url, profile_url, followers,
                   metadata, is_active, status, status_reason, token_expires_at, connected_at, disconnected_at
            from social_accounts where ${where(sql)}`,
        );

      const get = (workspaceId: string, accountId: string) =>
        Effect.flatMap(
          rowsWhere((sql) => sql`workspace_id = ${workspaceId} and id = ${accountId}::uuid and disconnected_at is null`),
          ([row]) => (row ? Effect.succeed(toView(row)) : Effect.fail(new NotFound({ what: "account" }))),
        );

      const onAccount = <E>(
        accountId: string,
        workspaceId: string,
        decide: (state: AccountState) => Effect.Effect<ReadonlyArray<AccountEvent>, E>,
        ctx: CommandContext,
      ) =>
        provide(
          handleCommand(accountStreamId(accountId), accountDecider, decide, {
            ctx,
            workspaceId,
          }),
        );

      const storeCredentials = (accountId: string, workspaceId: string, credentials: unknown, expiresAt: Date | null) =>
        db.query(
          (sql) => sql`
            insert into account_credentials (account_id, workspace_id, ciphertext, expires_at, updated_at)
            values (${accountId}, ${workspaceId}, ${encryptSecret(JSON.stringify(credentials))}, ${expiresAt}, now())
            on conflict (account_id) do update set ciphertext = excluded.ciphertext, expires_at = excluded.expires_at,
              updated_at = now()`,
        );

      const credentialsOf = <T>(accountId: string) =>
        Effect.map(
          db.query((sql) => sql<{ ciphertext: string }[]>`select ciphertext from account_credentials where account_id = ${accountId}`),
          ([row]) => (row ? (JSON.parse(decryptSecret(row.ciphertext)) as T) : null),
        );

      const connect = Effect.fn("SocialAccounts.connect")(function* (caller: Caller, connection: NewConnection) {
        return yield* db.withTransaction(
          Effect.gen(function* () {
            // One connection at a time per agency (a workspace and its clients share the plan's limit), so two at once cannot both pass it.
            yield* lockAgency(caller.workspaceId).pipe(Effect.provideService(Database, db));
            const [existing] = yield* rowsWhere(
              (sql) => sql`workspace_id = ${caller.workspaceId} and platform = ${connection.platform}
                           and external_id = ${connection.profile.externalId}`,
            );
            // Several sandbox accounts of one platform (a business with two locations) each need a name of their own to be told apart.
            if (connection.kind === "sandbox") {
              const [same] = yield* rowsWhere(
                (sql) => sql`workspace_id = ${caller.workspaceId} and platform = ${connection.platform} and kind = 'sandbox'
                             and disconnected_at is null and lower(account_name) = lower(${connection.profile.accountName})`,
              );
              if (same) return yield* new Conflict({ message: sandboxNameTaken(platformName(connection.platform), same.account_name) });
            }
            if (!existing || existing.disconnected_at) {
              const count = yield* accountsOfAgency(caller.workspaceId).pipe(Effect.provideService(Database, db));
              const limit = limitsOf(caller.plan).socialAccounts;
              if (isLimitReached(count, limit)) {
                return yield* new PlanLimitReached({ message: limitReachedMessage("socialAccounts", limit) });
              }
            }
            const accountId = existing?.id ?? randomUUID();
            const decide: (state: AccountState) => Effect.Effect<ReadonlyArray<AccountEvent>, Conflict | NotFound> = existing
              ? reconnectAccount({ profile: connection.profile, tokenExpiresAt: connection.tokenExpiresAt })
              : connectAccount({
                  accountId,
                  workspaceId: caller.workspaceId,
                  platform: connection.platform,
                  kind: connection.kind,
                  profile: connection.profile,
                  tokenExpiresAt: connection.tokenExpiresAt,
                });
            yield* onAccount(accountId, caller.workspaceId, decide, caller);
            if (connection.credentials !== null) {
              const previous = existing ? yield* credentialsOf<Record<string, unknown>>(accountId) : null;
              yield* storeCredentials(accountId, caller.workspaceId, keepRefreshToken(previous, connection.credentials), connection.tokenExpiresAt);
            }
            return {
              account: yield* get(caller.workspaceId, accountId),
              reconnected: Boolean(existing),
            };
          }),
        );
      });

      return {
        countedForPlan: (workspaceId) => accountsOfAgency(workspaceId).pipe(Effect.provideService(Database, db)),
        list: (workspaceId) =>
          Effect.map(
            db.query(
              (sql) => sql<AccountRow[]>`
                select id, workspace_id, platform, kind, external_id, account_name, username, avatar_url, profile_url, followers,
                       metadata, is_active, status, status_reason, token_expires_at, connected_at, disconnected_at
                from social_accounts where workspace_id = ${workspaceId} and disconnected_at is null
                order by connected_at, id`,
            ),
            (rows) => rows.map(toView),
          ),
        get,
        connect,
        setActive: (caller, accountId, isActive) =>
          Effect.gen(function* () {
            yield* get(caller.workspaceId, accountId);
            yield* onAccount(accountId, caller.workspaceId, setAccountActive({ isActive }), caller);
            return yield* get(caller.workspaceId, accountId);
          }),
        disconnect: (caller, accountId) =>
          db.withTransaction(
            Effect.gen(function* () {
              yield* get(caller.workspaceId, accountId);
              yield* onAccount(accountId, caller.workspaceId, disconnectAccount(), caller);
              // Disconnecting forgets the tokens; a reconnect asks the platform again.
              yield* db.query((sql) => sql`delete from account_credentials where account_id = ${accountId}`);
            }),
          ),
        credentials: credentialsOf,
        updateCredentials: (accountId, credentials) =>
          Effect.asVoid(
            db.query(
              (sql) => sql`update account_credentials set ciphertext = ${encryptSecret(JSON.stringify(credentials))}, updated_at = now()
                           where account_id = ${accountId}`,
            ),
          ),
        dueForRefresh: (before) =>
          Effect.map(
            db.query(
              (sql) => sql<{ account_id: string; workspace_id: string; platform: PlatformId; kind: AccountKind }[]>`
                select c.account_id, c.workspace_id, a.platform, a.kind
                from account_credentials c join social_accounts a on a.id = c.account_id
                where c.expires_at is not null and c.expires_at <= ${before}
                  and a.disconnected_at is null and a.status <> 'reconnect_needed' and a.kind = 'oauth'
                order by c.expires_at limit 500`,
            ),
            (rows) => rows.map((r) => ({ accountId: r.account_id, workspaceId: r.workspace_id, platform: r.platform, kind: r.kind })),
          ),
        recordRefresh: (due, credentials, expiresAt, ctx) =>
          db.withTransaction(
            Effect.gen(function* () {
              yield* onAccount(due.accountId, due.workspaceId, recordTokensRefreshed({ expiresAt }), ctx);
              const previous = yield* credentialsOf<Record<string, unknown>>(due.accountId);
              yield* storeCredentials(due.accountId, due.workspaceId, keepRefreshToken(previous, credentials), expiresAt);
            }),
          ),
        requireReconnect: (due, reason, ctx) =>
          Effect.map(onAccount(due.accountId, due.workspaceId, requireReconnect({ reason }), ctx), (result) => result.events.length > 0),
        audiencesOf: (platforms) =>
          Effect.map(
            db.query(
              (sql) => sql<{ id: string; workspace_id: string; platform: PlatformId; kind: AccountKind; followers: number }[]>`
                select id, workspace_id, platform, kind, followers from social_accounts
                where platform = any(${[...platforms]}::text[]) and kind <> 'sandbox' and kind <> 'listing'
                  and disconnected_at is null and status <> 'reconnect_needed'
                order by id limit 5000`,
            ),
            (rows) => rows.map((r) => ({ accountId: r.id, workspaceId: r.workspace_id, platform: r.platform, kind: r.kind, followers: r.followers })),
          ),
        recordAudience: (due, followers, ctx) =>
          Effect.gen(function* () {
            const account = yield* get(due.workspaceId, due.accountId);
            yield* onAccount(
              due.accountId,
              due.workspaceId,
              refreshProfile({ accountName: account.accountName, username: account.username, avatarUrl: account.avatar, followers }),
              ctx,
            );
          }),
      };
    }),
  );
}

/**
 * Platforms often return no refresh token on a reconnect (or a refresh): the one they gave before
 * still works, so it is kept.
 */
export const keepRefreshToken = (previous: Record<string, unknown> | null, next: unknown): unknown => {
  if (!previous || typeof next !== "object" || next === null) return next;
  const fresh = next as Record<string, unknown>;
  return !fresh.refreshToken && previous.refreshToken ? { ...fresh, refreshToken: previous.refreshToken } : fresh;
};

/** A second sandbox account of a platform with the first one's name. */
export const sandboxNameTaken = (platform: string, name: string) =>
  `You already have a ${platform} sandbox account named "${name}". Give this one a name of its own, such as "Main Street location".`;

/** The platform's display name, for messages. */
export const platformName = (platform: PlatformId) => platformById(platform).name;
