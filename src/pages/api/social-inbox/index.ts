import type { APIRoute } from "astro";
import { Inbox } from "../../../../infra/inbox/Inbox";
import { inboxFilterSchema, READ_INBOX } from "../../../features/inbox/inbox-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseQuery, respond } from "../../../lib/http";

/**
 * GET /api/social-inbox[?type=dm|comment|mention][&status=unread|read|replied][&platform=][&q=]
 * [&assignee=<id>|none][&archived=true][&sentiment=][&priority=][&before=<cursor>]: the messages,
 * newest first, 50 at a time (spec engagement §3 "Inbox message" fields); the next page's cursor in
 * the `x-next-cursor` header. Plans with the social inbox.
 */
export const GET: APIRoute = ({ request, url, locals }) => {
  const signedIn = guard(locals, request, READ_INBOX);
  if (!signedIn.ok) return signedIn.response;
  const filter = parseQuery(url, inboxFilterSchema);
  if (!filter.ok) return filter.response;
  return respond(
    Inbox.use((inbox) => inbox.list(signedIn.user.workspaceId, filter.data)),
    (page) => json(page.messages, { headers: page.next ? { "x-next-cursor": page.next } : {} }),
  );
};
