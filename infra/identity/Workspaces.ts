import { Context, Effect, Layer } from "effect";
import { randomUUID } from "node:crypto";
import { changeClientDetails, changeOwner, changePlan, createClientWorkspace, endPaidPlan, switchWorkspace } from "../../domain/identity";
import type { Tier } from "../../domain/plans";
import type { Caller, CommandContext, ConcurrencyConflict, Role } from "../../domain/shared";
import { Conflict, type InvalidInput, isUuid, NotFound } from "../../domain/shared";
import { Database, type SqlError } from "../db/Database";
import { TeamMemberships } from "./ports";
import { clientWorkspacesOf } from "./queries";
import { identityStreams } from "./streams";

/** A workspace a person belongs to: theirs, or one whose team they joined. */
export interface PersonWorkspace {
  readonly id: string;
  readonly name: string;
  readonly role: Role;
  /** The one they work in now. */
  readonly current: boolean;
}

/** An agency's client workspace, as identity knows it (the team's list adds its accounts and people: infra/team/clients.ts). */
export interface AgencyClient {
  readonly id: string;
  readonly name: string;
  /** An https:// address, shown in the switcher and on the client's reports. */
  readonly logoUrl: string | null;
  readonly createdAt: string;
}

/** What an agency says of its client. */
export interface ClientDetails {
  readonly name: string;
  readonly logoUrl?: string | null;
}

/** Changes to the workspace itself beyond its subscription (who owns it), and which of their workspaces a person works in. */
export class Workspaces extends Context.Service<
  Workspaces,
  {
    /** Records the new owner (the team's transfer checks who may take it). */
    readonly changeOwner: (workspaceId: string, ownerId: string, ctx: CommandContext) => Effect.Effect<void, NotFound | SqlError | ConcurrencyConflict>;
    /** Puts the workspace on the plan its subscription pays for; answers whether it changed. */
    readonly changePlan: (
      workspaceId: string,
      tier: Tier,
      reason: string,
      ctx: CommandContext,
    ) => Effect.Effect<boolean, NotFound | SqlError | ConcurrencyConflict>;
    /** Its paid subscription ended: back to an expired trial; answers whether it changed. */
    readonly endPaidPlan: (workspaceId: string, reason: string, ctx: CommandContext) => Effect.Effect<boolean, NotFound | SqlError | ConcurrencyConflict>;
    /** A client workspace of the caller's agency (their own workspace, not a client's), owned by the agency's owner. */
    readonly createClient: (
      caller: Caller,
      input: ClientDetails,
    ) => Effect.Effect<AgencyClient, InvalidInput | Conflict | NotFound | SqlError | ConcurrencyConflict>;
    /** Renames a client of the caller's agency or changes its logo; another's answers 404. */
    readonly updateClient: (
      caller: Caller,
      clientId: string,
      input: ClientDetails,
    ) => Effect.Effect<AgencyClient, InvalidInput | Conflict | NotFound | SqlError | ConcurrencyConflict>;
    readonly clientsOf: (workspaceId: string) => Effect.Effect<ReadonlyArray<AgencyClient>, SqlError>;
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
      const team = yield* TeamMemberships;

      const clientsOf = Effect.fn("Workspaces.clientsOf")(function* (workspaceId: string) {
        const clients = yield* clientWorkspacesOf(workspaceId).pipe(Effect.provideService(Database, db));
        return clients.map((c): AgencyClient => ({ id: c.id, name: c.name, logoUrl: c.logoUrl, createdAt: c.createdAt.toISOString() }));
      });

      const clientOf = (agencyId: string, clientId: string) =>
        Effect.flatMap(clientsOf(agencyId), (clients) => {
          const client = clients.find((c) => c.id === clientId);
          return client ? Effect.succeed(client) : Effect.fail(new NotFound({ what: "client" }));
        });

      /**
       * The names of the agency's clients but one, read once the agency's client writes take turns:
       * two clients named alike at once cannot both pass (the caller's transaction holds the lock).
       */
      const otherClientNames = (agencyId: string, exceptId: string | null) =>
        Effect.andThen(
          db.query((sql) => sql`select pg_advisory_xact_lock(hashtextextended(${`clients:${agencyId}`}, 0))`),
          Effect.map(
            db.query(
              (sql) => sql<{ name: string }[]>`
                select name from workspaces where parent_workspace_id = ${agencyId} ${exceptId ? sql`and id <> ${exceptId}` : sql``}`,
            ),
            (rows) => rows.map((r) => r.name),
          ),
        );

      const createClient = Effect.fn("Workspaces.createClient")(function* (caller: Caller, input: ClientDetails) {
        const [agency] = yield* db.query(
          (sql) =>
            sql<
              { owner_id: string; parent_workspace_id: string | null }[]
            >`select owner_id, parent_workspace_id from workspaces where id = ${caller.workspaceId}`,
        );
        if (!agency) return yield* new NotFound({ what: "workspace" });
        if (agency.parent_workspace_id) return yield* new Conflict({ message: "Clients are added from the agency's own workspace: switch to it first." });
        const workspaceId = randomUUID();
        yield* db.withTransaction(
          Effect.gen(function* () {
            const others = yield* otherClientNames(caller.workspaceId, null);
            yield* onNewWorkspace(
              workspaceId,
              createClientWorkspace({ workspaceId, ...input, ownerId: agency.owner_id, parentWorkspaceId: caller.workspaceId, otherClientNames: others }),
              caller,
            );
          }),
        );
        return yield* clientOf(caller.workspaceId, workspaceId).pipe(Effect.orDie);
      });

      const updateClient = Effect.fn("Workspaces.updateClient")(function* (caller: Caller, clientId: string, input: ClientDetails) {
        if (!isUuid(clientId)) return yield* new NotFound({ what: "client" });
        yield* db.withTransaction(
          Effect.gen(function* () {
            const others = yield* otherClientNames(caller.workspaceId, clientId);
            yield* onWorkspaceCommand(
              clientId,
              changeClientDetails({ workspaceId: clientId, agencyId: caller.workspaceId, name: input.name, logoUrl: input.logoUrl ?? null, otherClientNames: others }),
              caller,
            );
          }),
        );
        return yield* clientOf(caller.workspaceId, clientId);
      });

      const ofPerson = Effect.fn("Workspaces.ofPerson")(function* (userId: string) {
        return yield* db.query(async (sql) => {
          const teams = await team.teamsOf(sql, userId);
          const roleIn = new Map(teams.map((t) => [t.workspaceId, t.role]));
          const rows = await sql<{ id: string; name: string; owned: boolean; current: boolean }[]>`
            select w.id, w.name, w.owner_id = ${userId} as owned, w.id = u.workspace_id as current
            from workspaces w join users u on u.id = ${userId}
            where w.owner_id = ${userId} or w.id = any(${[...roleIn.keys()]}::uuid[])
            order by w.name, w.id`;
          return rows.map((row): PersonWorkspace => ({ id: row.id, name: row.name, role: row.owned ? "owner" : roleIn.get(row.id)!, current: row.current }));
        });
      });

      return {
        changeOwner: Effect.fn("Workspaces.changeOwner")(function* (workspaceId: string, ownerId: string, ctx: CommandContext) {
          yield* onWorkspaceCommand(workspaceId, changeOwner({ workspaceId, ownerId }), ctx);
        }),
        changePlan: Effect.fn("Workspaces.changePlan")(function* (workspaceId: string, tier: Tier, reason: string, ctx: CommandContext) {
          return (yield* onWorkspaceCommand(workspaceId, changePlan({ workspaceId, tier, reason }), ctx)).events.length > 0;
        }),
        endPaidPlan: Effect.fn("Workspaces.endPaidPlan")(function* (workspaceId: string, reason: string, ctx: CommandContext) {
          return (yield* onWorkspaceCommand(workspaceId, endPaidPlan({ workspaceId, reason, now: ctx.now }), ctx)).events.length > 0;
        }),
        ofPerson,
        createClient,
        updateClient,
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
