import { calendarNotesProjection, noteEvents } from "../../domain/calendar";
import { defineModule } from "../module";
import { CalendarNotes } from "./CalendarNotes";

/** Calendar notes. */
export const calendarModule = defineModule({
  name: "calendar",
  events: noteEvents,
  auditKinds: [{ id: "notes", label: "Calendar notes" }],
  layer: CalendarNotes.layer,
  projections: [calendarNotesProjection],
  auditSummaries: {
    NoteAdded: (d) => `Calendar note added for ${d.date}`,
    NoteEdited: (d) => (d.date ? `Calendar note moved to ${d.date}` : "Calendar note edited"),
    NoteDeleted: () => "Calendar note deleted",
  },
});
