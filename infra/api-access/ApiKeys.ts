import { randomBytes, randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  type ApiKeyAccess,
  apiKeyDecider,
  type ApiKeyEvent,
  type ApiKeyState,
  apiKeyStreamId,
  cappedRole,
  createApiKey,
  MAX_API_KEYS_PER_WORKSPACE,
  revokeApiKey,
} from "../../domain/api-access";
import type { CurrentUser } from "../../domain/identity/current-user";
import { actorIdOf, type Caller, type ConcurrencyConflict, Conflict, type InvalidInput, isUuid, NotFound } from "../../domain/shared";
import { hashToken } from "../auth/tokens";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";
import { historyNameOf, lockWorkspace, peopleByIdOf } from "../identity/queries";
import { Users } from "../identity/Users";
import type { ApiKeyUse } from "../web/api/guard";

/** A key as Settings › API keys and `GET /api/api-keys` show it: never its secret. */
export interface ApiKey {
  readonly id: string;
  readonly name: string;
  readonly access: ApiKeyAccess;
  readonly requireApproval: boolean;
  readonly lastFour: string;
  readonly createdAt: string;
  readonly expiresAt: string | null;
  readonly revokedAt: string | null;
  readonly lastUsedAt: string | null;
  readonly createdBy: { readonly id: string; readonly name: string };
}

/** A key just created: the only answer that holds the key itself. */
export interface CreatedApiKey extends ApiKey {
  readonly key: string;
}

export interface NewApiKey {
  readonly name: string;
  readonly access: ApiKeyAccess;
  readonly requireApproval?: boolean;
  readonly expiresAt?: Date | null;
}

/** A request's key, or why it acts for no one (401 with the sentence). */
export type KeyLookup = { readonly ok: true; readonly key: ApiKeyUse } | { readonly ok: false; readonly message: string };

/** Who a request's key acts for: its creator in the key's workspace, their role capped by its access; or why no one. */
export type KeyAuthentication = { readonly ok: true; readonly key: ApiKeyUse; readonly user: CurrentUser } | { readonly ok: false; readonly message: string };

/**
 * The key of `Authorization: Bearer <key>` as the edge takes it: found and live (ApiKeys), and its
 * creator still in the key's workspace (identity's Users), acting there with the key's cap and
 * never as an operator.
 */
export const authenticateKey = Effect.fn("ApiKeys.authenticate")(function* (key: string, now: Date) {
  const found = yield* (yield* ApiKeys).find(key, now);
  if (!found.ok) return found;
  const creator = yield* (yield* Users).findInWorkspace(found.key.createdBy, found.key.workspaceId);
  const answer: KeyAuthentication = creator
    ? { ok: true, key: found.key, user: { ...creator, teamRole: cappedRole(creator.teamRole, found.key.access), isOperator: false } }
    : { ok: false, message: API_KEY_MESSAGES.creatorGone };
  return answer;
});

interface KeyRow {
  id: string;
  workspace_id: string;
  name: string;
  access: ApiKeyAccess;
  require_approval: boolean;
  last_four: string;
  created_by: string;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

/** How often a key's last use is written: the screen shows it to the minute, and a busy key writes once a minute, not per request. */
const LAST_USE_EVERY_MS = 60_000;

/**
 * The workspace's API keys (issue 31): created by owners and admins, each shown once and kept only
 * as its SHA-256, revoked at once; and the lookup of a request's key at the edge.
 */
export class ApiKeys extends Context.Service<
  ApiKeys,
  {
    readonly list: (workspaceId: string) => Effect.Effect<ReadonlyArray<ApiKey>, SqlError>;
    readonly create: (caller: Caller, input: NewApiKey) => Effect.Effect<CreatedApiKey, InvalidInput | Conflict | SqlError | ConcurrencyConflict>;
    readonly revoke: (caller: Caller, id: string) => Effect.Effect<void, NotFound | Conflict | SqlError | ConcurrencyConflict>;
    /** The live key a request came with (its last use noted), or why it is none. */
    readonly find: (key: string, now: Date) => Effect.Effect<KeyLookup, SqlError>;
  }
>()("app/ApiKeys") {
  static layer = Layer.effect(
    ApiKeys,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;
      /** When this process last wrote each key's use. */
      const lastWritten = new Map<string, number>();

      const select = (workspaceId: string, id?: string) =>
        db.query(
          (sql) => sql<KeyRow[]>`
            select k.id, k.workspace_id, k.name, k.access, k.require_approval, k.last_four, k.created_by, k.created_at, k.expires_at, k.revoked_at,
              u.last_used_at
            from api_keys k left join api_key_uses u on u.key_id = k.id
            where k.workspace_id = ${workspaceId} ${id ? sql`and k.id = ${id}` : sql``}
            order by k.revoked_at is not null, k.created_at desc`,
        );

      const toKeys = (rows: ReadonlyArray<KeyRow>) =>
        Effect.map(peopleByIdOf(rows.map((row) => row.created_by)).pipe(Effect.provideService(Database, db)), (people) =>
          rows.map((row): ApiKey => ({
            id: row.id,
            name: row.name,
            access: row.access,
            requireApproval: row.require_approval,
            lastFour: row.last_four,
            createdAt: row.created_at.toISOString(),
            expiresAt: row.expires_at?.toISOString() ?? null,
            revokedAt: row.revoked_at?.toISOString() ?? null,
            lastUsedAt: row.last_used_at?.toISOString() ?? null,
            createdBy: {
              id: row.created_by,
              name: historyNameOf(people.get(row.created_by)),
            },
          })),
        );

      const onKey = <E>(id: string, decide: (state: ApiKeyState) => Effect.Effect<ReadonlyArray<ApiKeyEvent>, E>, caller: Caller) =>
        handleCommand(apiKeyStreamId(id), apiKeyDecider, decide, {
          ctx: caller,
          workspaceId: caller.workspaceId,
        }).pipe(Effect.provideService(EventStore, store));

      const list = Effect.fn("ApiKeys.list")(function* (workspaceId: string) {
        return yield* toKeys(yield* select(workspaceId));
      });

      const create = Effect.fn("ApiKeys.create")(function* (caller: Caller, input: NewApiKey) {
        const id = randomUUID();
        // 32 random bytes: 256 bits no one guesses; base64url keeps the key one word to copy.
        const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
        yield* db.withTransaction(
          Effect.gen(function* () {
            yield* lockWorkspace(caller.workspaceId).pipe(Effect.provideService(Database, db));
            const [{ count }] = yield* db.query(
              (sql) => sql<{ count: number }[]>`select count(*)::int as count from api_keys where workspace_id = ${caller.workspaceId} and revoked_at is null`,
            );
            if (count >= MAX_API_KEYS_PER_WORKSPACE) return yield* new Conflict({ message: API_KEY_MESSAGES.tooMany });
            yield* onKey(
              id,
              createApiKey({
                keyId: id,
                workspaceId: caller.workspaceId,
                name: input.name,
                access: input.access,
                requireApproval: input.requireApproval ?? false,
                expiresAt: input.expiresAt ?? null,
                keyHash: hashToken(key),
                lastFour: key.slice(-4),
                createdBy: actorIdOf(caller.actor) ?? "",
                now: caller.now,
              }),
              caller,
            );
          }),
        );
        const [created] = yield* toKeys(yield* select(caller.workspaceId, id));
        return { ...created!, key };
      });

      const revoke = Effect.fn("ApiKeys.revoke")(function* (caller: Caller, id: string) {
        if (!isUuid(id)) return yield* new NotFound({ what: "API key" });
        yield* onKey(id, revokeApiKey({ workspaceId: caller.workspaceId }), caller);
      });

      const find = Effect.fn("ApiKeys.find")(function* (key: string, now: Date) {
        const refused = (message: string): KeyLookup => ({ ok: false, message });
        if (!key.startsWith(API_KEY_PREFIX)) return refused(API_KEY_MESSAGES.unknown);
        const [row] = yield* db.query(
          (sql) => sql<KeyRow[]>`
            select id, workspace_id, name, access, require_approval, last_four, created_by, created_at, expires_at, revoked_at, null as last_used_at
            from api_keys where key_hash = ${hashToken(key)}`,
        );
        if (!row) return refused(API_KEY_MESSAGES.unknown);
        if (row.revoked_at) return refused(API_KEY_MESSAGES.revoked);
        if (row.expires_at && row.expires_at.getTime() <= now.getTime()) return refused(API_KEY_MESSAGES.expired);
        if ((lastWritten.get(row.id) ?? 0) + LAST_USE_EVERY_MS <= now.getTime()) {
          lastWritten.set(row.id, now.getTime());
          yield* db.query(
            (sql) => sql`
              insert into api_key_uses (key_id, last_used_at) values (${row.id}, ${now})
              on conflict (key_id) do update set last_used_at = excluded.last_used_at where api_key_uses.last_used_at < excluded.last_used_at`,
          );
        }
        const found: KeyLookup = {
          ok: true,
          key: {
            id: row.id,
            name: row.name,
            workspaceId: row.workspace_id,
            access: row.access,
            requireApproval: row.require_approval,
            createdBy: row.created_by,
          },
        };
        return found;
      });

      return { list, create, revoke, find };
    }),
  );
}
