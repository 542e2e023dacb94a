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
