import type { APIRoute } from "astro";
import { Inbox } from "../../../../infra/inbox/Inbox";
import { READ_INBOX } from "../../../features/inbox/inbox-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, respond } from "../../../lib/http";

/** GET /api/social-inbox/counts: the unread messages in the inbox by type ({dm, comment, mention}), as the sidebar shows them. */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request, READ_INBOX);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Inbox.use((inbox) => inbox.counts(signedIn.user.workspaceId)),
    (counts) => json(counts),
  );
};
