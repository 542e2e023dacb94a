import type { APIRoute } from "astro";
import { Inbox } from "../../../../infra/inbox/Inbox";
import { ANSWER_INBOX, newMessageSchema } from "../../../features/inbox/inbox-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../../lib/http";

/**
 * POST /api/social-inbox/messages {accountId, to, content} (New Message): 202 with the conversation
 * ({message, thread, replies}); the worker sends the text once. Only where the platform lets an app
 * write first (X, sandbox accounts); elsewhere 409 with the reason.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, ANSWER_INBOX);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, newMessageSchema);
  if (!input.ok) return input.response;
  return respond(
    Inbox.use((inbox) => inbox.startConversation(signedIn.caller, input.data)),
    (conversation) => json(conversation, 202),
  );
};
