import type { APIRoute } from "astro";
import { Ai } from "../../../../infra/ai/Ai";
import { generateImageSchema, USE_AI } from "../../../features/ai/ai-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../../lib/http";

/**
 * POST /api/ai/generate-image {prompt, style}: 201 `{url, item}`, the image saved in the media
 * library (thumbnail, dimensions) for the post to attach. 400 "Please enter post content to
 * generate an image"; 503 unconfigured; 429 over quota; 502/504 when the AI server fails.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, USE_AI);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, generateImageSchema);
  if (!input.ok) return input.response;
  return respond(
    Ai.use((ai) => ai.generateImage(signedIn.caller, input.data)),
    (item) => json({ url: item.fileUrl, item }, 201),
  );
};
