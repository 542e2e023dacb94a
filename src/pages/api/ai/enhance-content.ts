import type { APIRoute } from "astro";
import { Ai } from "../../../../infra/ai/Ai";
import { enhanceContentSchema, USE_AI, wantsStream } from "../../../features/ai/ai-schemas";
import { respondStreaming } from "../../../features/ai/stream.server";
import { guard } from "../../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../../lib/http";

/**
 * POST /api/ai/enhance-content {content, action, platforms}: `{enhancedContent}`, fitted to the
 * smallest chosen platform's limit. With `Accept: text/event-stream` (or `?stream=1`) the text comes
 * as it is written (SSE `delta` events, then `done` with `{enhancedContent}`). 400 "Please enter
 * some content first"; 503 when no AI server is set up; 429 over the plan's monthly quota; 502/504
 * when the AI server fails or does not answer in time.
 */
export const POST: APIRoute = async ({ request, url, locals }) => {
  const signedIn = guard(locals, request, USE_AI);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, enhanceContentSchema);
  if (!input.ok) return input.response;
  const body = (enhancedContent: string) => ({ enhancedContent });
  if (wantsStream(request, url)) return respondStreaming(signedIn.user.id, (onDelta) => Ai.use((ai) => ai.enhance(signedIn.caller, input.data, onDelta)), body);
  return respond(
    Ai.use((ai) => ai.enhance(signedIn.caller, input.data)),
    (text) => json(body(text)),
  );
};
