import { Context, Effect, Layer } from "effect";
import { changeOwner } from "../../domain/identity";
import type { CommandContext, ConcurrencyConflict, NotFound } from "../../domain/shared";
import type { SqlError } from "../db/Database";
import { identityStreams } from "./streams";

/** Changes to the workspace itself beyond its subscription: who owns it. */
export class Workspaces extends Context.Service<
  Workspaces,
  {
    /** Records the new owner (the team's transfer checks who may take it). */
    readonly changeOwner: (workspaceId: string, ownerId: string, ctx: CommandContext) => Effect.Effect<void, NotFound | SqlError | ConcurrencyConflict>;
  }
>()("app/Workspaces") {
  static layer = Layer.effect(
    Workspaces,
    Effect.gen(function* () {
      const { onWorkspaceCommand } = yield* identityStreams;
      return {
        changeOwner: Effect.fn("Workspaces.changeOwner")(function* (workspaceId: string, ownerId: string, ctx: CommandContext) {
          yield* onWorkspaceCommand(workspaceId, changeOwner({ workspaceId, ownerId }), ctx);
        }),
      };
    }),
  );
}
