import type { APIRoute } from "astro";
import { addToInbox } from "../../../../../../infra/listening/to-inbox";
import { ANSWER_INBOX } from "../../../../../features/inbox/inbox-schemas";
import { toInboxSchema } from "../../../../../features/listening/listening-schemas";
import { guard } from "../../../../../lib/auth-guard";
import { isUuid, json, notFound, parseJsonBody, respond } from "../../../../../lib/http";

/** POST /api/listening/posts/{id}/inbox {accountId}: the post, as a mention of that Bluesky account, in the social inbox (kept once): the conversation. */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const signedIn = guard(locals, request, ANSWER_INBOX);
  if (!signedIn.ok) return signedIn.response;
  if (!isUuid(params.id)) return notFound();
  const input = await parseJsonBody(request, toInboxSchema);
  if (!input.ok) return input.response;
  return respond(addToInbox(signedIn.caller, params.id!, input.data.accountId), (thread) => json(thread));
};
