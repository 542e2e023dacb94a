import { platformById } from "../../../domain/accounts/platforms";
import { characterCount } from "../../../domain/publishing/validation";
import { blobOf, withLink } from "../call";
import { fail, obj, str } from "../http";
import type { Publisher } from "../provider";
import { callWebhook, ctx, type DiscordCredentials, discordRefusal } from "./webhook";

/**
 * Executes the webhook with `?wait=true`, so Discord answers the message (its id is kept): JSON for
 * text, multipart (`payload_json` and `files[n]`) with attachments. Webhooks take no idempotency
 * key: the scheduler's record of the attempt keeps a post from going out twice.
 */

const credentialsOf = (credentials: unknown): DiscordCredentials => {
  const c = obj(credentials);
  const webhookUrl = str(c.webhookUrl);
  if (!webhookUrl) throw fail(ctx, "invalid_credentials", "Discord has no stored webhook for this channel. Connect it again.");
  return { webhookUrl, guildId: str(c.guildId), channelId: str(c.channelId) };
};

/** A scheduled post pings no one: "@everyone" or a role in its text stays text (Discord's `allowed_mentions`). */
const NO_PINGS = { parse: [] } as const;

export const publishDiscord: Publisher = async (credentials, request) => {
  const channel = credentialsOf(credentials);
  const rules = platformById("discord");
  const content = withLink(request);
  if (characterCount(content) > rules.maxCharacters) throw fail(ctx, "rejected", `Discord allows ${rules.maxCharacters} characters; this post has ${characterCount(content)}.`);
  if (request.media.length > rules.posting.maxItems) throw fail(ctx, "rejected", `Discord takes at most ${rules.posting.maxItems} files in one message.`);

  const url = `${channel.webhookUrl}?wait=true`;
  let answer;
  if (request.media.length === 0) {
    answer = await callWebhook(url, { method: "POST", body: JSON.stringify({ content, allowed_mentions: NO_PINGS }), type: "application/json" });
  } else {
    const form = new FormData();
    const attachments = request.media.map((m, i) => ({ id: i, filename: m.fileName, ...(m.alt ? { description: m.alt.slice(0, 1024) } : {}) }));
    form.set("payload_json", JSON.stringify({ ...(content.trim() !== "" ? { content } : {}), attachments, allowed_mentions: NO_PINGS }));
    request.media.forEach((m, i) => form.set(`files[${i}]`, blobOf(m), m.fileName));
    // As bytes with the boundary: the outbound client's fetch is undici's own, which may not know the global FormData class.
    const encoded = new Response(form);
    answer = await callWebhook(url, { method: "POST", body: new Uint8Array(await encoded.arrayBuffer()), type: encoded.headers.get("content-type")! });
  }
  if (answer.status < 200 || answer.status >= 300) throw discordRefusal(answer);
  const messageId = str(answer.body.id);
  if (!messageId) throw fail(ctx, "invalid_response", "Discord sent the message without its id.");
  const channelId = str(answer.body.channel_id) ?? channel.channelId;
  return { platformPostId: messageId, url: channel.guildId && channelId ? `https://discord.com/channels/${channel.guildId}/${channelId}/${messageId}` : null };
};
