import type { APIRoute } from "astro";
import { Inbox } from "../../../../infra/inbox/Inbox";
import { ANSWER_INBOX, bulkSchema } from "../../../features/inbox/inbox-schemas";
import { guard } from "../../../lib/auth-guard";
import { apiError, json, parseJsonBody, respond } from "../../../lib/http";

/**
 * POST /api/social-inbox/bulk {ids, action: read|unread|archive|unarchive|assign, assigneeId?}: the
 * action on every message chosen, all or none (one of another workspace answers 404); {updated}.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, ANSWER_INBOX);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, bulkSchema);
  if (!input.ok) return input.response;
  const { ids, action, assigneeId } = input.data;
  if (action === "assign" && assigneeId === undefined)
    return apiError(400, "invalid_input", "Choose someone of your team, or nobody.", { assigneeId: "Choose someone of your team, or nobody." });
  return respond(
    Inbox.use((inbox) => inbox.bulk(signedIn.caller, ids, action === "assign" ? { action, userId: assigneeId ?? null } : { action })),
    (updated) => json({ updated }),
  );
};
