import { Effect } from "effect";
import type { Caller } from "../../domain/shared";
import { Database } from "../db/Database";
import { type ClientDetails, Workspaces } from "../identity/Workspaces";
import { ClientAccess } from "./ClientAccess";

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
      return (yield* workspaces.clientsOf(caller.workspaceId)).find((c) => c.id === client.id) ?? client;
    }),
  );
});
