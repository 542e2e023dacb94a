import type { APIRoute } from "astro";
import { CalendarNotes } from "../../../../infra/calendar/CalendarNotes";
import { updateNoteSchema } from "../../../features/calendar/notes-schemas";
import { guard } from "../../../lib/auth-guard";
import { commandContext, isUuid, json, notFound, parseJsonBody, respond } from "../../../lib/http";

/**
 * GET, PUT (any of content, color and date, which moves the note to another day; `version` to
 * refuse a stale edit with 409) and DELETE (204) of one note of the caller's workspace. Any other
 * id, another workspace's included, answers 404.
 */
export const GET: APIRoute = ({ request, params, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  return respond(
    CalendarNotes.use((notes) => notes.get(signedIn.user.workspaceId, id)),
    (note) => json(note),
  );
};

export const PUT: APIRoute = async ({ params, request, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_posts" });
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  const input = await parseJsonBody(request, updateNoteSchema);
  if (!input.ok) return input.response;
  return respond(
    CalendarNotes.use((notes) => notes.update(signedIn.caller, id, input.data)),
    (note) => json(note),
  );
};

export const DELETE: APIRoute = ({ params, request, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_posts" });
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  return respond(
    CalendarNotes.use((notes) => notes.remove(signedIn.caller, id)),
    () => new Response(null, { status: 204 }),
  );
};
