import { Effect } from "effect";
import type { Caller } from "../../domain/shared";
import { Database } from "../db/Database";
import { Workspaces } from "../identity/Workspaces";
import { Members } from "./Members";

/**
 * The owner hands the workspace to a member (issue 10: the owner "can transfer ownership"): the
 * team records it (only the owner may, only to a member) and the workspace its new owner, in one
 * transaction; the former owner stays on as an admin.
 */
export const handOverWorkspace = Effect.fn("handOverWorkspace")(function* (caller: Caller, userId: string) {
  const team = yield* Members;
  const workspaces = yield* Workspaces;
  const db = yield* Database;
  yield* db.withTransaction(
    Effect.gen(function* () {
      yield* team.handOver(caller, userId);
      yield* workspaces.changeOwner(caller.workspaceId, userId, caller);
    }),
  );
});
