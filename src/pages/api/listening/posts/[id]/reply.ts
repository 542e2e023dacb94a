import type { APIRoute } from "astro";
import { replyToPost } from "../../../../../../infra/listening/to-inbox";
import { ANSWER_INBOX } from "../../../../../features/inbox/inbox-schemas";
import { listeningReplySchema } from "../../../../../features/listening/listening-schemas";
import { guard } from "../../../../../lib/auth-guard";
import { isUuid, json, notFound, parseJsonBody, respond } from "../../../../../lib/http";

/** POST /api/listening/posts/{id}/reply {accountId, content}: 202; the answer goes out from that Bluesky account, threaded under the post, once (through the inbox). */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const signedIn = guard(locals, request, ANSWER_INBOX);
  if (!signedIn.ok) return signedIn.response;
  if (!isUuid(params.id)) return notFound();
  const input = await parseJsonBody(request, listeningReplySchema);
  if (!input.ok) return input.response;
  return respond(replyToPost(signedIn.caller, params.id!, input.data), (thread) => json(thread, 202));
};
