import { Context, Effect, Layer } from "effect";
import { changePlan, grantOperator } from "../../domain/identity";
import type { Tier } from "../../domain/plans";
import type { CommandContext, ConcurrencyConflict, NotFound } from "../../domain/shared";
import type { CurrentUser } from "./current-user";
import type { SqlError } from "../db/Database";
import { identityStreams } from "./streams";
import { Users } from "./Users";

/** Support's changes to a user, by email (`npm run admin:grant`, `npm run admin:plan`). */
export class UserAdmin extends Context.Service<
  UserAdmin,
  {
    /** Lets the user open `/admin/projections`. */
    readonly grantOperator: (email: string, ctx: CommandContext) => Effect.Effect<CurrentUser, NotFound | SqlError | ConcurrencyConflict>;
    /** Puts the user's workspace on `tier`. */
    readonly setPlan: (email: string, tier: Tier, reason: string, ctx: CommandContext) => Effect.Effect<CurrentUser, NotFound | SqlError | ConcurrencyConflict>;
  }
>()("app/UserAdmin") {
  static layer = Layer.effect(
    UserAdmin,
    Effect.gen(function* () {
      const users = yield* Users;
      const { onUserCommand, onWorkspaceCommand } = yield* identityStreams;
      return {
        grantOperator: Effect.fn("UserAdmin.grantOperator")(function* (email: string, ctx: CommandContext) {
          const user = yield* users.getByEmail(email);
          yield* onUserCommand(user, grantOperator(), ctx);
          return yield* users.getById(user.id);
        }),
        setPlan: Effect.fn("UserAdmin.setPlan")(function* (email: string, tier: Tier, reason: string, ctx: CommandContext) {
          const user = yield* users.getByEmail(email);
          yield* onWorkspaceCommand(user.workspaceId, changePlan({ workspaceId: user.workspaceId, tier, reason }), ctx);
          return yield* users.getById(user.id);
        }),
      };
    }),
  );
}
