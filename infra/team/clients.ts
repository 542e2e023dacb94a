import { Effect } from "effect";
import type { Caller } from "../../domain/shared";
import { connectedAccountCounts } from "../accounts/queries";
import { Database } from "../db/Database";
import { type AgencyClient, type ClientDetails, Workspaces } from "../identity/Workspaces";
import { ClientAccess } from "./ClientAccess";

/** An agency's client workspace as the agency manages it (GET /api/clients): with its accounts and the agency's people who reach it. */
export interface ClientWorkspace extends AgencyClient {
  /** Its connected accounts (the agency's plan limit counts them all). */
  readonly accounts: number;
  /** The agency's people with access to it (its owner has it always). */
  readonly memberIds: ReadonlyArray<string>;
}

/** The clients (identity's workspaces) with what the accounts and the team say of each: three statements, whatever their number. */
const withAccountsAndPeople = (clients: ReadonlyArray<AgencyClient>) =>
  Effect.gen(function* () {
    const ids = clients.map((c) => c.id);
    const accounts = yield* connectedAccountCounts(ids);
    const members = yield* Database.use((db) =>
      db.query(
        (sql) => sql<{ workspace_id: string; user_id: string }[]>`
          select workspace_id, user_id from team_members where workspace_id = any(${ids}::uuid[]) order by joined_at`,
      ),
    );
    return clients.map(
      (client): ClientWorkspace => ({
        ...client,
        accounts: accounts.get(client.id) ?? 0,
        memberIds: members.filter((m) => m.workspace_id === client.id).map((m) => m.user_id),
      }),
    );
  });

/** The agency's clients, by name. */
export const clientWorkspaces = Effect.fn("clientWorkspaces")(function* (agencyId: string) {
  return yield* withAccountsAndPeople(yield* (yield* Workspaces).clientsOf(agencyId));
});

/** One client as the agency lists it (just added or changed). */
const listed = (client: AgencyClient) => Effect.map(withAccountsAndPeople([client]), ([one]) => one!);

/**
 * An agency adds a client: the workspace (identity) and, in the same transaction, access to it for
 * the agency's people who see every client (team).
 */
export const addClient = Effect.fn("addClient")(function* (caller: Caller, input: ClientDetails) {
  const team = yield* ClientAccess;
  const workspaces = yield* Workspaces;
  const db = yield* Database;
  return yield* db.withTransaction(
    Effect.gen(function* () {
      const client = yield* workspaces.createClient(caller, input);
      yield* team.welcomeClient(caller, client.id);
      return yield* listed(client);
    }),
  );
});

/** Renames a client of the caller's agency or changes its logo (identity), answered as the agency lists it. */
export const updateClient = Effect.fn("updateClient")(function* (caller: Caller, clientId: string, input: ClientDetails) {
  return yield* listed(yield* (yield* Workspaces).updateClient(caller, clientId, input));
});
