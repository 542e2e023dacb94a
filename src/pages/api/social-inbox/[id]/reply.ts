import type { APIRoute } from "astro";
import { Inbox } from "../../../../../infra/inbox/Inbox";
import { ANSWER_INBOX, replySchema } from "../../../../features/inbox/inbox-schemas";
import { guard } from "../../../../lib/auth-guard";
import { isUuid, json, notFound, parseJsonBody, respond } from "../../../../lib/http";

/**
 * POST /api/social-inbox/{id}/reply {content, isPublic (false for DMs, true for comments)}: 202 with
 * the reply ({id, status: "sending", ...}); the worker sends it once and the message becomes replied.
 */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const signedIn = guard(locals, request, ANSWER_INBOX);
  if (!signedIn.ok) return signedIn.response;
  if (!isUuid(params.id)) return notFound();
  const input = await parseJsonBody(request, replySchema);
  if (!input.ok) return input.response;
  return respond(
    Inbox.use((inbox) => inbox.reply(signedIn.caller, params.id!, input.data)),
    (reply) => json(reply, 202),
  );
};
