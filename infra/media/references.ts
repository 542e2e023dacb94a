import { Effect } from "effect";
import type { MediaKind } from "../../domain/media/content";
import { libraryIdOf } from "../../domain/media/urls";
import { type MediaFact, mediaKindOfRef } from "../../domain/publishing/platform-rules";
import { isUuid, NotFound } from "../../domain/shared";
import { Database } from "../db/Database";

/**
 * References to media library files that something of a workspace keeps (a post's media, a
 * template's, a profile image): each must be a file of that workspace's library, or it answers 404
 * naming the field, as another workspace's id does everywhere. Files on the web (https) are not
 * the library's and pass.
 */

/** A library file as the platforms' rules need it: its kind, size and name. */
export interface LibraryFile {
  readonly kind: MediaKind;
  readonly bytes: number;
  readonly name: string;
}

/** The workspace's own library items among those `refs` name, by id. */
export const ownLibraryFiles = (workspaceId: string, refs: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const ids = [...new Set(refs.map(libraryIdOf).filter(isUuid))];
    if (ids.length === 0) return new Map<string, LibraryFile>();
    const db = yield* Database;
    const rows = yield* db.query(
      (sql) => sql<{ id: string; kind: MediaKind; file_size: string; original_name: string }[]>`
        select id, kind, file_size, original_name from media_items where workspace_id = ${workspaceId} and id = any(${ids}::uuid[])`,
    );
    return new Map(rows.map((r) => [r.id, { kind: r.kind, bytes: Number(r.file_size), name: r.original_name }]));
  });

/** The workspace's own library items among those `refs` name. */
export const ownLibraryIds = (workspaceId: string, refs: ReadonlyArray<string>) =>
  Effect.map(ownLibraryFiles(workspaceId, refs), (files) => new Set(files.keys()));

/** What is known of a post's files: a library file's kind, size and name; a web address's kind by its extension. */
export const mediaFactsWith = (refs: ReadonlyArray<string>, files: ReadonlyMap<string, LibraryFile>): MediaFact[] =>
  refs.map((ref) => {
    const file = files.get(libraryIdOf(ref)?.toLowerCase() ?? "");
    return file ? { ref, kind: file.kind, bytes: file.bytes, name: file.name } : { ref, kind: mediaKindOfRef(ref), bytes: null };
  });

/** Whether a reference names a library file that is not among `owned` (another workspace's, deleted, or no id at all). */
export const isForeignLibraryRef = (ref: string, owned: { has(id: string): boolean }) => {
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
