import { Context, Effect, Layer } from "effect";
import type { Caller, ConcurrencyConflict } from "../../domain/shared";
import { setApprovalRequirement } from "../../domain/team";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { Team, type TeamSettings } from "./Team";
import { teamStream } from "./team-stream";

/** The team's settings: whether members' posts go to the owners and admins for approval first. Reads go through Team. */
export class ApprovalSettings extends Context.Service<
  ApprovalSettings,
  { readonly setApprovalRequired: (caller: Caller, required: boolean) => Effect.Effect<TeamSettings, SqlError | ConcurrencyConflict> }
>()("app/ApprovalSettings") {
  static layer = Layer.effect(
    ApprovalSettings,
    Effect.gen(function* () {
      const team = yield* Team;
      const { onTeam } = teamStream(yield* Database, yield* EventStore);
      const setApprovalRequired = Effect.fn("Team.setApprovalRequired")(function* (caller: Caller, required: boolean) {
        yield* onTeam(caller.workspaceId, setApprovalRequirement({ required }), caller);
        return yield* team.settings(caller.workspaceId);
      });


      return { setApprovalRequired };
    }),
  );
}
