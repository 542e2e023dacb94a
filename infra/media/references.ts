import { Effect } from "effect";
import { libraryIdOf } from "../../domain/media/urls";
import { isUuid, NotFound } from "../../domain/shared";
import { Database } from "../db/Database";

/**
 * References to media library files that something of a workspace keeps (a post's media, a
 * template's, a profile image): each must be a file of that workspace's library, or it answers 404
 * naming the field, as another workspace's id does everywhere. Files on the web (https) are not
 * the library's and pass.
 */

/** The workspace's own library items among those `refs` name. */
export const ownLibraryIds = (workspaceId: string, refs: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const ids = [...new Set(refs.map(libraryIdOf).filter(isUuid))];
    if (ids.length === 0) return new Set<string>();
    const db = yield* Database;
    const rows = yield* db.query((sql) => sql<{ id: string }[]>`select id from media_items where workspace_id = ${workspaceId} and id = any(${ids}::uuid[])`);
    return new Set(rows.map((r) => r.id));
  });

/** Whether a reference names a library file that is not among `owned` (another workspace's, deleted, or no id at all). */
export const isForeignLibraryRef = (ref: string, owned: ReadonlySet<string>) => {
  const id = libraryIdOf(ref);
  return id !== null && !owned.has(id.toLowerCase());
};

/** Refuses `refs` naming a library file that is not the workspace's (404 naming `field`); `kept` were saved before and stay. */
export const checkLibraryRefs = (workspaceId: string, refs: ReadonlyArray<string>, field: string, kept: ReadonlyArray<string> = []) =>
  Effect.gen(function* () {
    const added = refs.filter((ref) => !kept.includes(ref));
    if (added.every((ref) => libraryIdOf(ref) === null)) return;
    const owned = yield* ownLibraryIds(workspaceId, added);
    if (added.some((ref) => isForeignLibraryRef(ref, owned))) return yield* NotFound.inField("media file", field);
  });
