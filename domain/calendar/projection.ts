import { deleteRow, insertRow, type Projection, type RowChange, updateRow } from "../shared";
import { noteIdOfStream, type NoteEvent } from "./events";

/**
 * The `calendar_notes` read model: one row per live note, scoped by workspace_id. `version` is the
 * stream's, so a client can send it back and an edit of a stale copy is a 409.
 */
export const calendarNotesProjection: Projection<NoteEvent> = {
  name: "calendar-notes",
  kind: "inline",
  tables: [{ name: "calendar_notes", key: ["id"] }],
  handles: ["NoteAdded", "NoteEdited", "NoteDeleted"],
  project: (event): ReadonlyArray<RowChange> => {
    const key = { id: noteIdOfStream(event.streamId) };
    const at = event.createdAt;
    switch (event.type) {
      case "NoteAdded": {
        const d = event.data;
        return [
          insertRow("calendar_notes", {
            id: d.noteId,
            workspace_id: d.workspaceId,
            author_id: d.userId,
            date: d.date,
            content: d.content,
            color: d.color,
            version: event.streamVersion,
            created_at: at,
            updated_at: at,
          }),
        ];
      }
      case "NoteEdited": {
        const d = event.data;
        return [
          updateRow("calendar_notes", key, {
            ...(d.date !== undefined ? { date: d.date } : {}),
            ...(d.content !== undefined ? { content: d.content } : {}),
            ...(d.color !== undefined ? { color: d.color } : {}),
            version: event.streamVersion,
            updated_at: at,
          }),
        ];
      }
      case "NoteDeleted":
        return [deleteRow("calendar_notes", key)];
    }
  },
};
