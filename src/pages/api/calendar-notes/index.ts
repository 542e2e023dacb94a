import type { APIRoute } from "astro";
import { CalendarNotes } from "../../../../infra/calendar/CalendarNotes";
import { createNoteSchema, noteRangeSchema } from "../../../features/calendar/notes-schemas";
import { guard } from "../../../lib/auth-guard";
import { commandContext, json, parseJsonBody, parseQuery, respond } from "../../../lib/http";

/**
 * GET /api/calendar-notes[?from=YYYY-MM-DD][&to=YYYY-MM-DD]: the workspace's notes (of those days,
 * both inclusive, at most 400 of them), by date then as written: id, userId, date, content, color,
 * createdAt, updatedAt, version.
 * POST /api/calendar-notes {date, content, color? (#FBBF24)}: 201 with the note.
 */
export const GET: APIRoute = ({ request, url, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  const range = parseQuery(url, noteRangeSchema);
  if (!range.ok) return range.response;
  return respond(
    CalendarNotes.use((notes) => notes.list(signedIn.user.workspaceId, range.data)),
    (list) => json(list),
  );
};

export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_posts" });
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, createNoteSchema);
  if (!input.ok) return input.response;
  return respond(
    CalendarNotes.use((notes) => notes.create(signedIn.caller, input.data)),
    (note) => json(note, 201),
  );
};
