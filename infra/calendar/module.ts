import { calendarNotesProjection, noteEvents } from "../../domain/calendar";
import { defineModule, moduleApi } from "../module";
import { CalendarNotesApi } from "./api";
import { calendarNotesHandlers } from "./api-handlers";
import { CalendarNotes } from "./CalendarNotes";

/** Calendar notes. */
export const calendarModule = defineModule({
  name: "calendar",
  events: noteEvents,
  auditKinds: [{ id: "notes", label: "Calendar notes" }],
  layer: CalendarNotes.layer,
  api: [moduleApi(CalendarNotesApi, calendarNotesHandlers)],
  projections: [calendarNotesProjection],
  auditSummaries: {
    NoteAdded: (d) => `Calendar note added for ${d.date}`,
    NoteEdited: (d) => (d.date ? `Calendar note moved to ${d.date}` : "Calendar note edited"),
    NoteDeleted: () => "Calendar note deleted",
  },
});
