import { Effect, Layer } from "effect";
import { Database } from "../db/Database";
import { PostApprovalRule } from "../publishing/ports";

/** The team's answer to publishing's question (its port): do members' posts in this workspace need approval? */
export const postApprovalRuleLayer = Layer.effect(
  PostApprovalRule,
  Effect.gen(function* () {
    const db = yield* Database;
    return {
      approvalRequired: (workspaceId: string) =>
        Effect.map(
          db.query((sql) => sql<{ approval_required: boolean }[]>`select approval_required from team_settings where workspace_id = ${workspaceId}`),
          ([row]) => row?.approval_required ?? false,
        ),
    };
  }),
);
