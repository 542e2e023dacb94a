import { Context, Effect, Layer } from "effect";
import { randomUUID } from "node:crypto";
import { changeOwner, createClientWorkspace, switchWorkspace } from "../../domain/identity";
import type { Caller, CommandContext, ConcurrencyConflict, Role } from "../../domain/shared";
import { Conflict, type InvalidInput, NotFound } from "../../domain/shared";
import { Database, type SqlError } from "../db/Database";
import { identityStreams } from "./streams";

/** A workspace a person belongs to: theirs, or one whose team they joined. */
export interface PersonWorkspace {
  readonly id: string;
  readonly name: string;
  readonly role: Role;
  /** The one they work in now. */
  readonly current: boolean;
}

/** An agency's client workspace, as the agency lists it. */
export interface ClientWorkspace {
  readonly id: string;
  readonly name: string;
  readonly createdAt: string;
  /** Its connected accounts (the agency's plan limit counts them all). */
  readonly accounts: number;
  /** The agency's people with access to it (its owner has it always). */
  readonly memberIds: ReadonlyArray<string>;
}

/** Changes to the workspace itself beyond its subscription (who owns it), and which of their workspaces a person works in. */
export class Workspaces extends Context.Service<
  Workspaces,
  {
    /** Records the new owner (the team's transfer checks who may take it). */
    readonly changeOwner: (workspaceId: string, ownerId: string, ctx: CommandContext) => Effect.Effect<void, NotFound | SqlError | ConcurrencyConflict>;
    /** A client workspace of the caller's agency (their own workspace, not a client's), owned by the agency's owner. */
    readonly createClient: (
      caller: Caller,
      name: string,
    ) => Effect.Effect<ClientWorkspace, InvalidInput | Conflict | NotFound | SqlError | ConcurrencyConflict>;
    readonly clientsOf: (workspaceId: string) => Effect.Effect<ReadonlyArray<ClientWorkspace>, SqlError>;
    /** The agency whose client the workspace is, or null for an agency's (or anyone's) own workspace. */
    readonly agencyOf: (workspaceId: string) => Effect.Effect<string | null, SqlError>;
    /** Every workspace the person belongs to, by name. */
    readonly ofPerson: (userId: string) => Effect.Effect<ReadonlyArray<PersonWorkspace>, SqlError>;
    /** Works in another of their workspaces from now on; any other answers 404. */
    readonly switchTo: (userId: string, workspaceId: string, ctx: CommandContext) => Effect.Effect<void, NotFound | SqlError | ConcurrencyConflict>;
  }
>()("app/Workspaces") {
  static layer = Layer.effect(
    Workspaces,
    Effect.gen(function* () {
      const db = yield* Database;
      const { onWorkspaceCommand, onUserCommand, onNewWorkspace } = yield* identityStreams;

      const clientsOf = Effect.fn("Workspaces.clientsOf")(function* (workspaceId: string) {
        const rows = yield* db.query(
          (sql) => sql<{ id: string; name: string; created_at: Date; accounts: number; member_ids: string[] }[]>`
            select w.id, w.name, w.created_at,
                   (select count(*)::int from social_accounts a where a.workspace_id = w.id and a.disconnected_at is null) as accounts,
                   coalesce((select array_agg(m.user_id order by m.joined_at) from team_members m where m.workspace_id = w.id), '{}') as member_ids
            from workspaces w where w.parent_workspace_id = ${workspaceId} order by w.name, w.id`,
        );
        return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at.toISOString(), accounts: r.accounts, memberIds: r.member_ids }));
      });

      const createClient = Effect.fn("Workspaces.createClient")(function* (caller: Caller, name: string) {
        const [agency] = yield* db.query(
          (sql) =>
            sql<
              { owner_id: string; parent_workspace_id: string | null }[]
            >`select owner_id, parent_workspace_id from workspaces where id = ${caller.workspaceId}`,
        );
        if (!agency) return yield* new NotFound({ what: "workspace" });
        if (agency.parent_workspace_id) return yield* new Conflict({ message: "Clients are added from the agency's own workspace: switch to it first." });
        const workspaceId = randomUUID();
        yield* onNewWorkspace(
          workspaceId,
          createClientWorkspace({ workspaceId, name, ownerId: agency.owner_id, parentWorkspaceId: caller.workspaceId }),
          caller,
        );
        const created = (yield* clientsOf(caller.workspaceId)).find((c) => c.id === workspaceId);
        return created ?? (yield* Effect.die(new Error("created client not found")));
      });

      const ofPerson = Effect.fn("Workspaces.ofPerson")(function* (userId: string) {
        const rows = yield* db.query(
          (sql) => sql<{ id: string; name: string; role: Role; current: boolean }[]>`
            select w.id, w.name, 'owner' as role, w.id = u.workspace_id as current
            from workspaces w join users u on u.id = ${userId} where w.owner_id = ${userId}
            union all
            select w.id, w.name, m.role, w.id = u.workspace_id as current
            from team_members m join workspaces w on w.id = m.workspace_id join users u on u.id = m.user_id
            where m.user_id = ${userId}
            order by name, id`,
        );
        return rows;
      });

      return {
        changeOwner: Effect.fn("Workspaces.changeOwner")(function* (workspaceId: string, ownerId: string, ctx: CommandContext) {
          yield* onWorkspaceCommand(workspaceId, changeOwner({ workspaceId, ownerId }), ctx);
        }),
        ofPerson,
        createClient,
        clientsOf,
        agencyOf: (workspaceId) =>
          Effect.map(
            db.query((sql) => sql<{ parent_workspace_id: string | null }[]>`select parent_workspace_id from workspaces where id = ${workspaceId}`),
            ([row]) => row?.parent_workspace_id ?? null,
          ),
        switchTo: Effect.fn("Workspaces.switchTo")(function* (userId: string, workspaceId: string, ctx: CommandContext) {
          const mine = yield* ofPerson(userId);
          const current =
            mine.find((w) => w.current)?.id ??
            (yield* db.query((sql) => sql<{ workspace_id: string }[]>`select workspace_id from users where id = ${userId}`))[0]?.workspace_id;
          if (!mine.some((w) => w.id === workspaceId) || !current) return yield* new NotFound({ what: "workspace" });
          yield* onUserCommand({ id: userId, workspaceId: current }, switchWorkspace({ workspaceId, currentWorkspaceId: current }), ctx);
        }),
      };
    }),
  );
}
