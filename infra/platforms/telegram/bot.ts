import { AddressRefused, AddressUnreadable } from "../../../domain/shared";
import { outboundFetch } from "../../outbound/outbound";
import { rateLimited } from "../call";
import { callContext, fail, USER_AGENT } from "../http";

/**
 * Telegram's Bot API: `POST {TELEGRAM_API_BASE}/bot{token}/{method}`, answered as `{ ok, result }`
 * or `{ ok: false, error_code, description, parameters }`. The token sits in the path, so no URL of
 * these calls is ever logged or put in a message. Through the outbound client: a base on this
 * machine or a private network (a local Bot API server, the tests) must be named in OUTBOUND_ALLOW_HOSTS.
 */

export const ctx = callContext("telegram");
export const DEFAULT_TELEGRAM_API_BASE = "https://api.telegram.org";
const TIMEOUT_MS = 60_000;

/** Read at call time, so a test (or a restart) can point it elsewhere. */
export const telegramApiBase = (): string => (process.env.TELEGRAM_API_BASE?.trim() || DEFAULT_TELEGRAM_API_BASE).replace(/\/+$/, "");

export interface BotAnswer {
  readonly ok: boolean;
  readonly result?: unknown;
  readonly error_code?: number;
  readonly description?: string;
  readonly parameters?: { readonly retry_after?: number };
}

/** A multipart body as bytes with its boundary: the outbound client's fetch is undici's own, which may not know the global FormData class. */
const encoded = async (form: FormData): Promise<{ body: Uint8Array; type: string }> => {
  const response = new Response(form);
  return { body: new Uint8Array(await response.arrayBuffer()), type: response.headers.get("content-type")! };
};

/** One method of the bot; answers Telegram's envelope, ok or not. Throws PlatformError `unavailable` when Telegram cannot be reached or read. */
export const callBot = async (token: string, method: string, params: Record<string, unknown> | FormData): Promise<BotAnswer> => {
  const { body, type } = params instanceof FormData ? await encoded(params) : { body: JSON.stringify(params), type: "application/json" };
  let response: Awaited<ReturnType<typeof outboundFetch>>;
  try {
    response = await outboundFetch(`${telegramApiBase()}/bot${token}/${method}`, {
      method: "POST",
      headers: { "content-type": type, accept: "application/json", "user-agent": USER_AGENT },
      body: body as never,
      timeoutMs: TIMEOUT_MS,
      followRedirects: false,
    });
  } catch (error) {
    // The outbound client's sentences name the host only, never the path that carries the token.
    const detail = error instanceof AddressRefused || error instanceof AddressUnreadable ? ` ${error.message}` : "";
    throw fail(ctx, "unavailable", `Could not reach Telegram.${detail} Please try again later.`);
  }
  const text = await response.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = null;
  }
  if (!answer || typeof answer !== "object" || typeof (answer as BotAnswer).ok !== "boolean") {
    if (response.status >= 500 || response.status === 429) throw fail(ctx, "unavailable", "Telegram is not responding right now. Please try again later.", { status: response.status });
    throw fail(ctx, "invalid_response", "Telegram sent an answer that could not be read.", { status: response.status });
  }
  return { ...(answer as BotAnswer), error_code: (answer as BotAnswer).error_code ?? (response.ok ? undefined : response.status) };
};

/** What a refusal while posting means: a token or a channel that no longer works asks for a reconnect; a limit waits; the rest is about the post. */
export const refusalOf = (answer: BotAnswer) => {
  const status = answer.error_code;
  const description = answer.description?.replace(/^(Bad Request|Forbidden|Unauthorized): /, "") ?? "";
  const details = { status, code: status !== undefined ? String(status) : undefined };
  if (status === 401 || status === 404) {
    return fail(ctx, "invalid_credentials", "Telegram no longer accepts the bot's token. Connect the channel again with the token BotFather gives.", details);
  }
  if (status === 403 || /chat not found|not enough rights|need administrator rights/i.test(description)) {
    return fail(
      ctx,
      "invalid_credentials",
      `The bot may no longer post in this channel (${description || "refused"}). Make it an administrator who may post messages, then reconnect.`,
      details,
    );
  }
  if (status === 429) return rateLimited(ctx, answer.parameters?.retry_after, details);
  if (status !== undefined && status >= 500) return fail(ctx, "unavailable", "Telegram is not responding right now.", details);
  return fail(ctx, "rejected", description ? `Telegram refused the post: ${description}` : "Telegram refused the post.", details);
};
