import type { APIRoute } from "astro";
import { Ai } from "../../../../infra/ai/Ai";
import { DRAFT_WITH_AI, draftReplySchema, wantsStream } from "../../../features/ai/ai-schemas";
import { respondStreaming } from "../../../features/ai/stream.server";
import { guard } from "../../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../../lib/http";

/**
 * POST /api/ai/draft-reply {kind: "message" | "comment" | "review", text, rating?}: `{draft}`, a reply
 * for a person to edit and send (nothing is sent). Streams like enhance-content when asked.
 */
export const POST: APIRoute = async ({ request, url, locals }) => {
  const signedIn = guard(locals, request, DRAFT_WITH_AI);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, draftReplySchema);
  if (!input.ok) return input.response;
  const draft = { kind: input.data.kind, text: input.data.text, rating: input.data.rating ?? null };
  const body = (text: string) => ({ draft: text });
  if (wantsStream(request, url)) return respondStreaming(signedIn.user.id, (onDelta) => Ai.use((ai) => ai.draftReply(signedIn.caller, draft, onDelta)), body);
  return respond(
    Ai.use((ai) => ai.draftReply(signedIn.caller, draft)),
    (text) => json(body(text)),
  );
};
