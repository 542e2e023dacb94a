import { Context, Effect, Layer } from "effect";
import { type Caller, type ConcurrencyConflict, Conflict, type InvalidInput } from "../../domain/shared";
import { setBrand } from "../../domain/team";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { workspaceOf } from "../identity/queries";
import { type Brand, Team } from "./Team";
import { teamStream } from "./team-stream";

/** An agency's white label (white_label), set from the agency's own workspace. Reads go through Team (brandOf). */
export class WhiteLabel extends Context.Service<
  WhiteLabel,
  { readonly setBrand: (caller: Caller, input: Brand) => Effect.Effect<Brand, InvalidInput | Conflict | SqlError | ConcurrencyConflict> }
>()("app/WhiteLabel") {
  static layer = Layer.effect(
    WhiteLabel,
    Effect.gen(function* () {
      const db = yield* Database;
      const team = yield* Team;
      const { onTeam } = teamStream(db, yield* EventStore);
      const setBrandOf = Effect.fn("Team.setBrand")(function* (caller: Caller, input: Brand) {
        const workspace = yield* workspaceOf(caller.workspaceId).pipe(Effect.provideService(Database, db));
        if (workspace?.parentWorkspaceId) return yield* new Conflict({ message: "The white label is the agency's: set it from the agency's own workspace." });
        yield* onTeam(caller.workspaceId, setBrand(input), caller);
        return (yield* team.brandOf(caller.workspaceId)) ?? (yield* Effect.die(new Error("brand not saved")));
      });

      return { setBrand: setBrandOf };
    }),
  );
}
