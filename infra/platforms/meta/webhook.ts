import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "../provider";
import { consoleAppOf } from "../settings";

/**
 * Meta's webhooks (Facebook Pages and Instagram) for the inbox: the signature check and the reading
 * of a delivery into messages, by the page or Instagram account they reached. Documented at
 * developers.facebook.com/docs/graph-api/webhooks (X-Hub-Signature-256, hub.challenge), the Page
 * `feed` field (comments), Messenger's `messaging` entries, and Instagram's `comments`, `mentions`
 * and `messaging`.
 */

/**
 * The app secret that signs deliveries: META_APP_SECRET, else the Facebook app's client secret; the
 * environment first, then the operators' console (its Facebook app's webhook secret, else its client secret).
 */
export const metaAppSecret = (env: NodeJS.ProcessEnv = process.env) => {
  const fromConsole = consoleAppOf("FACEBOOK");
  return env.META_APP_SECRET?.trim() || env.FACEBOOK_CLIENT_SECRET?.trim() || fromConsole?.extras.webhookSecret || fromConsole?.clientSecret || null;
};
export const metaVerifyToken = (env: NodeJS.ProcessEnv = process.env) =>
  env.META_WEBHOOK_VERIFY_TOKEN?.trim() || consoleAppOf("FACEBOOK")?.extras.webhookVerifyToken || null;

/** Whether `header` (X-Hub-Signature-256: "sha256=<hex>") is the HMAC-SHA256 of the raw body with the secret. */
export const isMetaSignature = (rawBody: Uint8Array, header: string | null, secret: string): boolean => {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? "");
  if (!match) return false;
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  const given = Buffer.from(match[1]!, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** What one delivery brought, for the account it reached (a page id, or an Instagram account id). */
export interface MetaDelivery {
  readonly platform: "facebook" | "instagram";
  readonly accountExternalId: string;
  readonly message: IncomingMessage;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : typeof v === "number" ? String(v) : null);
const timeOf = (v: unknown): Date => {
  if (typeof v === "number") return new Date(v > 1e12 ? v : v * 1000);
  const parsed = typeof v === "string" ? Date.parse(v) : NaN;
  return Number.isNaN(parsed) ? new Date() : new Date(parsed);
};
const person = (name: string | null, username: string | null, id: string | null) => ({
  name: name ?? username ?? `User ${id ?? ""}`.trim(),
  username: username ?? id ?? "unknown",
  avatar: null,
  verified: false,
  followers: null,
});

/** A direct message of a `messaging` entry, unless it is the account's own (an echo) or carries no text. */
const direct = (platform: "facebook" | "instagram", accountId: string, event: Json): MetaDelivery | null => {
  const sender = str(obj(event.sender).id);
  const message = obj(event.message);
  const mid = str(message.mid);
  const text = str(message.text);
  if (!mid || !text || !sender || sender === accountId || message.is_echo === true) return null;
  return {
    platform,
    accountExternalId: accountId,
    message: {
      type: "dm",
      externalId: mid,
      threadId: `dm:${sender}`,
      parentExternalId: null,
      postId: null,
      postTitle: null,
      from: person(null, null, sender),
      content: text,
      sentAt: timeOf(event.timestamp),
      url: null,
      likes: 0,
      reference: { senderId: sender },
    },
  };
};

/** Every message a delivery holds; what is not a message (likes, edits, the account's own words) is left out. */
export const readMetaDelivery = (payload: unknown): MetaDelivery[] => {
  const body = obj(payload);
  const platform = body.object === "page" ? "facebook" : body.object === "instagram" ? "instagram" : null;
  if (!platform) return [];
  const found: MetaDelivery[] = [];
  for (const entry of arr(body.entry).map(obj)) {
    const accountId = str(entry.id);
    if (!accountId) continue;
    for (const event of arr(entry.messaging).map(obj)) {
      const delivery = direct(platform, accountId, event);
      if (delivery) found.push(delivery);
    }
    for (const change of arr(entry.changes).map(obj)) {
      const value = obj(change.value);
      if (platform === "facebook" && change.field === "feed" && value.item === "comment" && value.verb === "add") {
        const from = obj(value.from);
        const id = str(value.comment_id);
        const text = str(value.message);
        if (!id || !text || str(from.id) === accountId) continue;
        const postId = str(value.post_id);
        found.push({
          platform,
          accountExternalId: accountId,
          message: {
            type: "comment",
            externalId: id,
            threadId: postId,
            parentExternalId: str(value.parent_id),
            postId: null,
            postTitle: null,
            from: person(str(from.name), null, str(from.id)),
            content: text,
            sentAt: timeOf(value.created_time),
            url: postId ? `https://www.facebook.com/${postId}` : null,
            likes: 0,
          },
        });
      }
      if (platform === "instagram" && change.field === "comments") {
        const from = obj(value.from);
        const id = str(value.id);
        const text = str(value.text);
        if (!id || !text || str(from.id) === accountId) continue;
        found.push({
          platform,
          accountExternalId: accountId,
          message: {
            type: "comment",
            externalId: id,
            threadId: str(obj(value.media).id),
            parentExternalId: str(value.parent_id),
            postId: null,
            postTitle: null,
            from: person(null, str(from.username), str(from.id)),
            content: text,
            sentAt: timeOf(entry.time),
            url: null,
            likes: 0,
          },
        });
      }
      if (platform === "instagram" && change.field === "mentions") {
        const id = str(value.comment_id) ?? str(value.media_id);
        if (!id) continue;
        found.push({
          platform,
          accountExternalId: accountId,
          message: {
            type: "mention",
            externalId: `mention:${id}`,
            threadId: str(value.media_id),
            parentExternalId: null,
            postId: null,
            postTitle: null,
            from: person(null, null, null),
            content: str(value.text) ?? "Mentioned you",
            sentAt: timeOf(entry.time),
            url: null,
            likes: 0,
          },
        });
      }
    }
  }
  return found;
};
