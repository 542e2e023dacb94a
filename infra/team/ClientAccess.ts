import { Context, Effect, Layer } from "effect";
import { actorIdOf, type Caller, type ConcurrencyConflict, Conflict, type Forbidden, type InvalidInput, isUuid, NotFound } from "../../domain/shared";
import { addMember, removeMember, setAllClientsAccess, TEAM_MESSAGES } from "../../domain/team";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { clientWorkspacesOf, workspaceOf } from "../identity/queries";
import { Team, type TeamMember } from "./Team";
import { teamStream } from "./team-stream";

type TeamError = SqlError | ConcurrencyConflict;

/** Which of an agency's people reach which of its clients: one by one, or every client, those added later too. Reads go through Team. */
export class ClientAccess extends Context.Service<
  ClientAccess,
  {
    /** Gives one of the agency's people access to a client workspace of the agency, with their agency role. */
    readonly grantClientAccess: (caller: Caller, clientId: string, userId: string) => Effect.Effect<void, InvalidInput | NotFound | TeamError>;
    readonly revokeClientAccess: (caller: Caller, clientId: string, userId: string) => Effect.Effect<void, Forbidden | Conflict | NotFound | TeamError>;
    /** One of the agency's people sees every client (given access to each now, and to each new one), or only chosen ones from now on. */
    readonly setAllClientsAccess: (caller: Caller, userId: string, allClients: boolean) => Effect.Effect<void, Forbidden | NotFound | InvalidInput | TeamError>;
    /** Gives the agency's people who see every client access to its new client (in the caller's transaction). */
    readonly welcomeClient: (caller: Caller, clientId: string) => Effect.Effect<void, InvalidInput | NotFound | TeamError>;
  }
>()("app/ClientAccess") {
  static layer = Layer.effect(
    ClientAccess,
    Effect.gen(function* () {
      const db = yield* Database;
      const team = yield* Team;
      const members = team.members;
      const { onTeam, workspaceOf: teamWorkspaceOf } = teamStream(db, yield* EventStore);
      const read = <A, E>(effect: Effect.Effect<A, E, Database>) => Effect.provideService(effect, Database, db);

      /** A client workspace of the caller's agency, with its owner. */
      const clientOf = (caller: Caller, clientId: string) =>
        Effect.gen(function* () {
          if (!isUuid(clientId)) return yield* new NotFound({ what: "client" });
          const client = yield* read(workspaceOf(clientId));
          return client?.parentWorkspaceId === caller.workspaceId ? { owner_id: client.ownerId } : yield* new NotFound({ what: "client" });
        });

      const grantClientAccess = Effect.fn("Team.grantClientAccess")(function* (caller: Caller, clientId: string, userId: string) {
        const client = yield* clientOf(caller, clientId);
        const person = isUuid(userId) ? (yield* members(caller.workspaceId)).find((m) => m.id === userId) : undefined;
        if (!person) return yield* new NotFound({ what: "team member" });
        yield* giveAccess(caller, clientId, client.owner_id, person);
      });

      /** The person into the client's team with their agency role (an agency admin who owns nothing there is its admin). */
      const giveAccess = (caller: Caller, clientId: string, ownerId: string, person: TeamMember) =>
        onTeam(
          clientId,
          addMember({ workspaceId: clientId, userId: person.id, email: person.email, role: person.role === "owner" ? "admin" : person.role, ownerId }),
          caller,
        );

      const revokeClientAccess = Effect.fn("Team.revokeClientAccess")(function* (caller: Caller, clientId: string, userId: string) {
        const client = yield* clientOf(caller, clientId);
        if (!isUuid(userId)) return yield* new NotFound({ what: "team member" });
        const person = (yield* members(caller.workspaceId)).find((m) => m.id === userId);
        if (person?.allClients && person.role !== "owner") return yield* new Conflict({ message: TEAM_MESSAGES.seesAllClients });
        yield* onTeam(clientId, removeMember({ userId, actorId: actorIdOf(caller.actor), ownerId: client.owner_id }), caller);
      });

      const setAllClientsAccessOf = Effect.fn("Team.setAllClientsAccess")(function* (caller: Caller, userId: string, allClients: boolean) {
        if (!isUuid(userId)) return yield* new NotFound({ what: "team member" });
        const agency = yield* teamWorkspaceOf(caller.workspaceId);
        yield* db.withTransaction(
          Effect.gen(function* () {
            yield* onTeam(caller.workspaceId, setAllClientsAccess({ userId, allClients, actorId: actorIdOf(caller.actor), ownerId: agency.owner_id }), caller);
            if (!allClients) return;
            const person = (yield* members(caller.workspaceId)).find((m) => m.id === userId);
            if (!person) return yield* new NotFound({ what: "team member" });
            for (const client of yield* read(clientWorkspacesOf(caller.workspaceId))) yield* giveAccess(caller, client.id, client.ownerId, person);
          }),
        );
      });

      const welcomeClient = Effect.fn("Team.welcomeClient")(function* (caller: Caller, clientId: string) {
        const client = yield* clientOf(caller, clientId);
        for (const person of yield* members(caller.workspaceId)) {
          if (person.allClients && person.role !== "owner") yield* giveAccess(caller, clientId, client.owner_id, person);
        }
      });

      return { grantClientAccess, revokeClientAccess, setAllClientsAccess: setAllClientsAccessOf, welcomeClient };
    }),
  );
}
