import { Effect } from "effect";
import { isUuid } from "../../domain/shared";
import { Database } from "../db/Database";

/**
 * What other modules read of the media library, as the media module answers it (beside the checks
 * of references in ./references.ts): they call these instead of selecting from its tables.
 */

/** Where a library file of the workspace is stored, with its type and name (what publishing it needs), or null for any other id. */
export const storedLibraryFile = (workspaceId: string, mediaId: string) =>
  isUuid(mediaId)
    ? Database.use((db) =>
        db.query(
          (sql) => sql<{ storage_key: string; file_type: string; original_name: string }[]>`
            select storage_key, file_type, original_name from media_items where id = ${mediaId} and workspace_id = ${workspaceId}`,
        ),
      ).pipe(Effect.map(([row]) => (row ? { storageKey: row.storage_key, fileType: row.file_type, originalName: row.original_name } : null)))
    : Effect.succeed(null);

/** The ids of the workspace's first images (oldest first), at most `limit`: the demo's sample images. */
export const firstImageIds = (workspaceId: string, limit: number) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ id: string }[]>`select id from media_items where workspace_id = ${workspaceId} and kind = 'image' order by uploaded_at, id limit ${limit}`,
    ),
  ).pipe(Effect.map((rows) => rows.map((row) => row.id)));
