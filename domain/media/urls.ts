import { isUuid } from "../shared/ids";

/**
 * Where the app serves a media item's file and thumbnail (src/pages/media/[...path].ts). The API's
 * fileUrl and thumbnailUrl are these paths; they answer only to members of the owning workspace.
 */
export const ORIGINAL_FILE = "original";
export const THUMBNAIL_FILE = "thumbnail.webp";

/** The stored file's name inside the item's folder: `original.<ext>`. */
export const originalFileName = (ext: string) => `${ORIGINAL_FILE}.${ext}`;

export const storageKeyOf = (workspaceId: string, mediaId: string, fileName: string) => `${workspaceId}/${mediaId}/${fileName}`;

/** The last part of a storage key: the name the URL carries. */
export const fileNameOfKey = (key: string) => key.slice(key.lastIndexOf("/") + 1);

export const mediaFileUrl = (mediaId: string, storageKey: string) => `/media/${mediaId}/${fileNameOfKey(storageKey)}`;

/**
 * A file of the library by its address: `/media/<id>/<file>` on this server, or the same absolute
 * (any host: a post keeps the address its page showed) with an id's shape.
 */
const LIBRARY_FILE = /^(?:\/media\/([^/?#]+)|https?:\/\/[^/]+\/media\/([0-9a-f-]{36}))\//i;

/**
 * The media library item a reference names (a post's media, a template's, a profile image): its id,
 * or the id in its file's address; null for a file elsewhere on the web. The id may be malformed
 * (then no item has it).
 */
export const libraryIdOf = (ref: string): string | null => {
  if (isUuid(ref)) return ref;
  const file = LIBRARY_FILE.exec(ref);
  return file ? (file[1] ?? file[2]!) : null;
};
