import { Effect } from "effect";
import { isUuid } from "../../domain/shared";
import { Database } from "../db/Database";
import { workspaceOf } from "../identity/queries";

/**
 * Whether a person belongs to the workspace (its owner or a member), as the team module answers it
 * for other modules (the inbox's assignments): they call this instead of reading its tables.
 */
export const isPersonOfWorkspace = (workspaceId: string, userId: string) =>
  isUuid(userId)
    ? Effect.flatMap(workspaceOf(workspaceId), (workspace) =>
        workspace?.ownerId === userId
          ? Effect.succeed(true)
          : Database.use((db) => db.query((sql) => sql`select 1 from team_members where workspace_id = ${workspaceId} and user_id = ${userId}`)).pipe(
              Effect.map((rows) => rows.length > 0),
            ),
      )
    : Effect.succeed(false);
