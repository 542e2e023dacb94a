import type { APIRoute } from "astro";
import { systemContext } from "../../../../domain/shared";
import { Inbox } from "../../../../infra/inbox/Inbox";
import { isMetaSignature, metaAppSecret, metaVerifyToken, readMetaDelivery } from "../../../../infra/platforms/meta/webhook";
import { apiError, json, readBody, respond } from "../../../lib/http";

/**
 * Meta may batch many changes (comments, messages of a few kilobytes of JSON each) in one delivery:
 * a megabyte holds a large batch; more is refused as it arrives.
 */
const MAX_BODY_BYTES = 1_000_000;

/**
 * GET /api/webhooks/meta?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…: Meta's handshake,
 * answered with the challenge when the token is META_WEBHOOK_VERIFY_TOKEN.
 */
export const GET: APIRoute = ({ url }) => {
  const token = metaVerifyToken();
  if (!token) return apiError(503, "not_configured", "Meta webhooks aren't configured on this server (META_WEBHOOK_VERIFY_TOKEN).");
  if (url.searchParams.get("hub.mode") !== "subscribe" || url.searchParams.get("hub.verify_token") !== token)
    return apiError(403, "forbidden", "The verify token does not match.");
  return new Response(url.searchParams.get("hub.challenge") ?? "", { headers: { "content-type": "text/plain" } });
};

/**
 * POST /api/webhooks/meta: Page comments, Messenger and Instagram comments, mentions and messages,
 * signed by Meta (X-Hub-Signature-256: the HMAC-SHA256 of the raw body with the app secret). An
 * unsigned or badly signed delivery answers 401 and stores nothing; a message delivered twice is
 * kept once. Answers {received} (the messages new to the inbox).
 */
export const POST: APIRoute = async ({ request }) => {
  const secret = metaAppSecret();
  if (!secret) return apiError(503, "not_configured", "Meta webhooks aren't configured on this server (META_APP_SECRET).");
  const body = await readBody(request, MAX_BODY_BYTES);
  if (!body.ok) return body.response;
  const raw = body.bytes;
  if (!isMetaSignature(raw, request.headers.get("x-hub-signature-256"), secret)) return apiError(401, "bad_signature", "The delivery's signature is missing or wrong.");
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    return apiError(400, "invalid_json", "The delivery is not JSON.");
  }
  return respond(
    Inbox.use((inbox) => inbox.deliver(systemContext("ingestion", new Date(), crypto.randomUUID()), readMetaDelivery(payload))),
    (received) => json({ received }),
  );
};
