import { deleteRow, insertRow, type Projection, type RowChange, updateRow } from "../shared";
import { MEDIA_EVENT_TYPES, type MediaEvent } from "./events";

const mediaKey = (streamId: string) => ({ id: streamId.slice("media-".length) });

/** What a search matches: the name and every tag, one per line (so no match spans two of them). */
export const mediaSearchText = (originalName: string, tags: ReadonlyArray<string>) => [originalName, ...tags].join("\n");

/**
 * The gallery's read model `media_items`, one row per live item. `position` is the upload event's
 * place in the log: newest first is `position desc`, and it is the keyset pagination's cursor.
 */
export const mediaProjection: Projection<MediaEvent> = {
  name: "media",
  kind: "inline",
  tables: [{ name: "media_items", key: ["id"] }],
  handles: MEDIA_EVENT_TYPES,
  project: (event): ReadonlyArray<RowChange> => {
    switch (event.type) {
      case "MediaUploaded": {
        const d = event.data;
        return [
          insertRow("media_items", {
            id: d.mediaId,
            workspace_id: d.workspaceId,
            position: event.globalPosition,
            original_name: d.originalName,
            file_type: d.fileType,
            kind: d.kind,
            file_size: d.fileSize,
            width: d.width,
            height: d.height,
            duration_seconds: d.durationSeconds,
            storage_key: d.storageKey,
            thumbnail_key: d.thumbnailKey,
            tags: d.tags,
            search_text: mediaSearchText(d.originalName, d.tags),
            uploaded_by: event.metadata.actorId,
            uploaded_at: event.createdAt,
            version: event.streamVersion,
          }),
        ];
      }
      case "MediaTagged":
        return [updateRow("media_items", mediaKey(event.streamId), {
            tags: event.data.tags,
            search_text: mediaSearchText(event.data.originalName, event.data.tags),
            version: event.streamVersion,
          })];
      case "MediaDeleted":
        return [deleteRow("media_items", mediaKey(event.streamId))];
    }
  },
};
