import type { APIRoute } from "astro";
import { Inbox } from "../../../../../infra/inbox/Inbox";
import { ANSWER_INBOX, messageChangeSchema, READ_INBOX } from "../../../../features/inbox/inbox-schemas";
import { guard } from "../../../../lib/auth-guard";
import { isUuid, json, notFound, parseJsonBody, respond } from "../../../../lib/http";

/**
 * GET /api/social-inbox/{id}: {message, thread (the conversation, oldest first), replies}.
 * PUT {archived?, assigneeId? (a person of the workspace, or null)}: the message as it is then.
 */
export const GET: APIRoute = ({ params, request, locals }) => {
  const signedIn = guard(locals, request, READ_INBOX);
  if (!signedIn.ok) return signedIn.response;
  if (!isUuid(params.id)) return notFound();
  return respond(
    Inbox.use((inbox) => inbox.open(signedIn.user.workspaceId, params.id!)),
    (thread) => json(thread),
  );
};

export const PUT: APIRoute = async ({ params, request, locals }) => {
  const signedIn = guard(locals, request, ANSWER_INBOX);
  if (!signedIn.ok) return signedIn.response;
  if (!isUuid(params.id)) return notFound();
  const input = await parseJsonBody(request, messageChangeSchema);
  if (!input.ok) return input.response;
  return respond(
    Inbox.use((inbox) => inbox.change(signedIn.caller, params.id!, input.data)),
    (message) => json(message),
  );
};
