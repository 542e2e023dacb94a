import { AddressRefused, AddressUnreadable } from "../../../domain/shared";
import { outboundFetch } from "../../outbound/outbound";
import { rateLimited, retryAfter } from "../call";
import { callContext, fail, obj, str, USER_AGENT } from "../http";
import type { PlatformProfile } from "../types";

/**
 * A Discord channel through its webhook (channel settings → Integrations → Webhooks → New Webhook →
 * Copy Webhook URL). The address holds the webhook's token: it is a secret, kept encrypted and
 * never logged or shown. Calls go to `DISCORD_API_BASE` (https://discord.com/api), through the
 * outbound client.
 */

export const ctx = callContext("discord");
export const DEFAULT_DISCORD_API_BASE = "https://discord.com/api";
const DISCORD_HOSTS = new Set(["discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com", "ptb.discordapp.com", "canary.discordapp.com"]);
const TIMEOUT_MS = 60_000;

export const WEBHOOK_URL_HINT =
  "Paste the channel's webhook URL, like https://discord.com/api/webhooks/123…/abc… (channel settings → Integrations → Webhooks → Copy Webhook URL).";
export const UNKNOWN_WEBHOOK_MESSAGE =
  "Discord has no such webhook: it was deleted, or the address is incomplete. Copy the webhook URL again from the channel's Integrations settings.";

/** Read at call time, so a test (or a restart) can point it elsewhere. */
export const discordApiBase = (): string => (process.env.DISCORD_API_BASE?.trim() || DEFAULT_DISCORD_API_BASE).replace(/\/+$/, "");

/** What is kept (encrypted) to post: the webhook's address on DISCORD_API_BASE, and where its messages are. */
export interface DiscordCredentials {
  readonly webhookUrl: string;
  readonly guildId: string | null;
  readonly channelId: string | null;
}

/**
 * A pasted webhook address as the one to call: on Discord's hosts (or DISCORD_API_BASE's), its path
 * `/api[/v10]/webhooks/{id}/{token}`; called on DISCORD_API_BASE. Null for anything else.
 */
export const parseDiscordWebhook = (input: string): { id: string; token: string; url: string } | null => {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  const base = new URL(discordApiBase());
  const onDiscord = url.protocol === "https:" && DISCORD_HOSTS.has(url.hostname.toLowerCase()) && url.port === "";
  const onBase = url.protocol === base.protocol && url.host === base.host;
  if ((!onDiscord && !onBase) || url.username || url.password) return null;
  const match = /^\/api(?:\/v\d+)?\/webhooks\/(\d{5,25})\/([A-Za-z0-9_-]{20,100})\/?$/.exec(url.pathname);
  if (!match) return null;
  const [, id, token] = match;
  return { id: id!, token: token!, url: `${discordApiBase()}/webhooks/${id}/${token}` };
};

export interface DiscordAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Headers;
}

/** One call to the webhook; throws PlatformError `unavailable` when Discord cannot be reached. */
export const callWebhook = async (url: string, init: { method: "GET" | "POST"; body?: Uint8Array | string; type?: string }): Promise<DiscordAnswer> => {
  let response: Awaited<ReturnType<typeof outboundFetch>>;
  try {
    response = await outboundFetch(url, {
      method: init.method,
      headers: { accept: "application/json", "user-agent": USER_AGENT, ...(init.type ? { "content-type": init.type } : {}) },
      body: init.body as never,
      timeoutMs: TIMEOUT_MS,
      followRedirects: false,
    });
  } catch (error) {
    // The outbound client's sentences name the host only, never the path that carries the token.
    const detail = error instanceof AddressRefused || error instanceof AddressUnreadable ? ` ${error.message}` : "";
    throw fail(ctx, "unavailable", `Could not reach Discord.${detail} Please try again later.`);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, body: obj(body), headers: new Headers(Object.fromEntries(response.headers)) };
};

/** What a refusal means: a webhook gone asks for a reconnect, a limit waits (Discord says how long in its body too), the rest is about the post. */
export const discordRefusal = ({ status, body, headers }: DiscordAnswer) => {
  const code = str(body.code) ?? undefined;
  const message = str(body.message);
  if (status === 401 || status === 403 || status === 404) {
    return fail(ctx, "invalid_credentials", "The Discord webhook no longer works (it was deleted or its channel removed). Connect the channel again with a new webhook URL.", {
      status,
      code,
    });
  }
  if (status === 429) {
    const seconds = retryAfter(headers) ?? (typeof body.retry_after === "number" ? Math.ceil(body.retry_after) : undefined);
    return rateLimited(ctx, seconds, { status, code });
  }
  if (status >= 500) return fail(ctx, "unavailable", "Discord is not responding right now.", { status, code });
  if (status === 413) return fail(ctx, "rejected", "Discord refused the post: its files are too large for this channel.", { status, code });
  return fail(ctx, "rejected", message ? `Discord refused the post: ${message}` : "Discord refused the post.", { status, code });
};

/** Reads the webhook (a GET with its token) before the account is added: the webhook's name and its server and channel. */
export const connectDiscord = async (input: { webhookUrl: string }): Promise<{ profile: PlatformProfile; credentials: DiscordCredentials }> => {
  const webhook = parseDiscordWebhook(input.webhookUrl);
  if (!webhook) throw fail(ctx, "invalid_credentials", WEBHOOK_URL_HINT);
  const answer = await callWebhook(webhook.url, { method: "GET" });
  if (answer.status === 401 || answer.status === 404) throw fail(ctx, "invalid_credentials", UNKNOWN_WEBHOOK_MESSAGE, { status: answer.status });
  if (answer.status < 200 || answer.status >= 300) {
    if (answer.status === 429 || answer.status >= 500) throw fail(ctx, "unavailable", "Discord is not responding right now. Please try again later.", { status: answer.status });
    throw fail(ctx, "invalid_credentials", UNKNOWN_WEBHOOK_MESSAGE, { status: answer.status });
  }
  const { body } = answer;
  const guildId = str(body.guild_id);
  const channelId = str(body.channel_id);
  const avatar = str(body.avatar);
  return {
    profile: {
      externalId: str(body.id) ?? webhook.id,
      accountName: str(body.name) ?? "Discord webhook",
      username: null,
      avatarUrl: avatar ? `https://cdn.discordapp.com/avatars/${webhook.id}/${avatar}.png` : null,
      // A webhook cannot read the channel's members.
      followers: 0,
      profileUrl: guildId && channelId ? `https://discord.com/channels/${guildId}/${channelId}` : null,
      metadata: { guildId, channelId },
    },
    credentials: { webhookUrl: webhook.url, guildId, channelId },
  };
};
