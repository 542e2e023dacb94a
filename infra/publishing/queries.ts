import { Effect } from "effect";
import { isUuid } from "../../domain/shared";
import { Database } from "../db/Database";

/**
 * What other modules read of the posts, as the publishing module answers it: they call these
 * instead of selecting from its tables. Each needs only the database.
 */

// Read by team (clients' approval links)
/** The status of each of these posts of the workspace that is not deleted, by id (others' and deleted ones left out). */
export const postStatusesOf = (workspaceId: string, postIds: ReadonlyArray<string>) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ id: string; status: string }[]>`
        select id, status from posts where workspace_id = ${workspaceId} and id = any(${postIds.filter(isUuid)}::uuid[]) and deleted_at is null`,
    ),
  ).pipe(Effect.map((rows) => new Map(rows.map((row) => [row.id, row.status]))));
