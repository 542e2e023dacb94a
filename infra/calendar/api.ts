import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { NOTE_COLORS } from "../../domain/calendar/rules";
import { Guard, InvalidRequest, Requires } from "../web/api/guard";
import { ConflictProblem, InvalidInputProblem, NotFoundProblem, VersionConflictProblem } from "../web/api/problems";
import { zodPayload, zodQuery } from "../web/api/zod-payload";
import { createNoteSchema, noteRangeSchema, updateNoteSchema } from "./schemas";
import { idOf } from "../web/api/item-id";

/** A calendar note as the API answers it (spec core §3): `CalendarNote` of ./CalendarNotes. */
export const CalendarNoteSchema = Schema.Struct({
  id: Schema.String,
  userId: Schema.String.annotate({ description: "Who wrote it." }),
  date: Schema.String.annotate({ description: "YYYY-MM-DD." }),
  content: Schema.String,
  color: Schema.Literals(NOTE_COLORS),
  createdAt: Schema.String,
  updatedAt: Schema.String,
  version: Schema.Number.annotate({ description: "The stream version: send it back with an edit to have a stale copy refused (409)." }),
}).annotate({ identifier: "CalendarNote" });

const writes = { permission: "manage_posts" } as const;

/**
 * The calendar notes' operations (spec core §5, §7), declared once. Any id of another workspace
 * answers 404. Served by ./api-handlers.ts; the Calendar calls them through the typed client.
 */
export class CalendarNotesApi extends HttpApiGroup.make("calendarNotes")
  .add(
    HttpApiEndpoint.get("list", "/api/calendar-notes", {
      query: zodQuery(noteRangeSchema),
      success: Schema.Array(CalendarNoteSchema),
      error: InvalidInputProblem,
    }).annotate(OpenApi.Description, "The workspace's notes of the days from `from` to `to` (YYYY-MM-DD, both inclusive, at most 400 days; either may be left out), by date then as written."),
    HttpApiEndpoint.post("create", "/api/calendar-notes", {
      payload: zodPayload(createNoteSchema, "NewCalendarNote"),
      success: CalendarNoteSchema.pipe(HttpApiSchema.status(201)),
      error: [InvalidInputProblem, ConflictProblem, VersionConflictProblem],
    })
      .annotate(Requires, writes)
      .annotate(OpenApi.Description, "A note on a day (color #FBBF24 unless given); 201 with it."),
    HttpApiEndpoint.get("get", "/api/calendar-notes/:id", { params: idOf("calendar note"), success: CalendarNoteSchema, error: NotFoundProblem }).annotate(
      OpenApi.Description,
      "One note of the workspace.",
    ),
    HttpApiEndpoint.put("update", "/api/calendar-notes/:id", {
      params: idOf("calendar note"),
      payload: zodPayload(updateNoteSchema, "CalendarNotePatch"),
      success: CalendarNoteSchema,
      error: [InvalidInputProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, writes)
      .annotate(OpenApi.Description, "Any of content, color and date (which moves the note to another day); `version` refuses a stale edit with 409."),
    HttpApiEndpoint.delete("remove", "/api/calendar-notes/:id", {
      params: idOf("calendar note"),
      success: HttpApiSchema.NoContent,
      error: [NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, writes)
      .annotate(OpenApi.Description, "Deletes the note: 204."),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Calendar notes") {}
