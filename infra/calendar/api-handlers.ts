import type { HttpApiBuilder } from "effect/http-api";
import { onService } from "../web/api/handlers";
import type { CalendarNotesApi } from "./api";
import { CalendarNotes } from "./CalendarNotes";

const asCaller = onService(CalendarNotes);

/** The calendar notes' operations (./api.ts) on the CalendarNotes service. */
export const calendarNotesHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof CalendarNotesApi>) =>
  handlers
    .handle("list", ({ query }) => asCaller((notes, caller) => notes.list(caller.workspaceId, query)))
    .handle("get", ({ params }) => asCaller((notes, caller) => notes.get(caller.workspaceId, params.id)))
    .handle("create", ({ payload }) => asCaller((notes, caller) => notes.create(caller, payload)))
    .handle("update", ({ params, payload }) => asCaller((notes, caller) => notes.update(caller, params.id, payload)))
    .handle("remove", ({ params }) => asCaller((notes, caller) => notes.remove(caller, params.id)));
