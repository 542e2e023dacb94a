import type { APIRoute } from "astro";
import { CalendarNotes } from "../../../../infra/calendar/CalendarNotes";
import { createNoteSchema, noteRangeSchema } from "../../../features/calendar/notes-schemas";
import { requireUser } from "../../../lib/auth-guard";
import { commandContext, json, parseJsonBody, parseQuery, respond } from "../../../lib/http";

/**
 * GET /api/calendar-notes[?from=YYYY-MM-DD][&to=YYYY-MM-DD]: the workspace's notes (of those days,
 * both inclusive, at most 400 of them), by date then as written: id, userId, date, content, color,
 * createdAt, updatedAt, version.
 * POST /api/calendar-notes {date, content, color? (#FBBF24)}: 201 with the note.
 */
export const GET: APIRoute = ({ url, locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  const range = parseQuery(url, noteRangeSchema);
  if (!range.ok) return range.response;
  return respond(
    CalendarNotes.use((notes) => notes.list(caller.user.workspaceId, range.data)),
    (list) => json(list),
  );
};

export const POST: APIRoute = async ({ request, locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  const input = await parseJsonBody(request, createNoteSchema);
  if (!input.ok) return input.response;
  return respond(
    CalendarNotes.use((notes) =>
      notes.create({ userId: caller.user.id, workspaceId: caller.user.workspaceId }, input.data, commandContext(locals, request)),
    ),
    (note) => json(note, 201),
  );
};
