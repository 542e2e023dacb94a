import { Context, Effect, Layer } from "effect";
import { changeOwner, switchWorkspace } from "../../domain/identity";
import type { CommandContext, ConcurrencyConflict, Role } from "../../domain/shared";
import { NotFound } from "../../domain/shared";
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

/** Changes to the workspace itself beyond its subscription (who owns it), and which of their workspaces a person works in. */
export class Workspaces extends Context.Service<
  Workspaces,
  {
    /** Records the new owner (the team's transfer checks who may take it). */
    readonly changeOwner: (workspaceId: string, ownerId: string, ctx: CommandContext) => Effect.Effect<void, NotFound | SqlError | ConcurrencyConflict>;
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
      const { onWorkspaceCommand, onUserCommand } = yield* identityStreams;

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
