import { Effect, Layer } from "effect";
import { Database } from "../db/Database";
import { PostApprovalRule } from "../publishing/ports";
import { approvalRequiredIn } from "./queries";

/** The team's answer to publishing's question (its port): do members' posts in this workspace need approval? */
export const postApprovalRuleLayer = Layer.effect(
  PostApprovalRule,
  Effect.gen(function* () {
    const db = yield* Database;
    return { approvalRequired: (workspaceId: string) => approvalRequiredIn(workspaceId).pipe(Effect.provideService(Database, db)) };
  }),
);
