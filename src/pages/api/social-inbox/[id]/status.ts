import type { APIRoute } from "astro";
import { Inbox } from "../../../../../infra/inbox/Inbox";
import { READ_INBOX, statusSchema } from "../../../../features/inbox/inbox-schemas";
import { guard } from "../../../../lib/auth-guard";
import { isUuid, json, notFound, parseJsonBody, respond } from "../../../../lib/http";

/** PUT /api/social-inbox/{id}/status {status: read|unread}: opened (spec engagement §4) or marked unread again; the message. */
export const PUT: APIRoute = async ({ params, request, locals }) => {
  const signedIn = guard(locals, request, READ_INBOX);
  if (!signedIn.ok) return signedIn.response;
  if (!isUuid(params.id)) return notFound();
  const input = await parseJsonBody(request, statusSchema);
  if (!input.ok) return input.response;
  return respond(
    Inbox.use((inbox) => inbox.mark(signedIn.caller, params.id!, input.data.status === "read")),
    (message) => json(message),
  );
};
