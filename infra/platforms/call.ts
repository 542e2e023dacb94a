import { AddressRefused, AddressUnreadable } from "../../domain/shared";
import { outboundFetch } from "../outbound/outbound";
import { type CallContext, fail, USER_AGENT } from "./http";
import type { OAuthDefinition } from "./oauth";
import type { OAuthCredentials, PublishRequest } from "./provider";
import { readSettings } from "./settings";
import { PlatformError } from "./types";

/**
 * HTTP for what a provider does with an account's token (publish, read the inbox, reply, read
 * engagement and reviews), and how a platform's refusal becomes a PlatformError: 401/403 the token
 * (invalid_credentials), 400/404/409/413/415/422 the content (rejected, with the platform's own
 * words), 429 rate_limited (with Retry-After when sent), 5xx and network unavailable.
 */

const TIMEOUT_MS = 120_000;

export interface Call {
  readonly method?: "GET" | "POST" | "PUT" | "DELETE";
  readonly bearer?: string;
  readonly json?: unknown;
  readonly form?: Record<string, string>;
  readonly multipart?: FormData;
  readonly bytes?: { readonly data: Uint8Array; readonly type: string };
  readonly headers?: Record<string, string>;
  /**
   * The address is one a person gave (a Mastodon instance): sent through the SSRF-safe outbound
   * client, so a private or reserved address is refused (OUTBOUND_ALLOW_HOSTS excepted).
   */
  readonly outbound?: boolean;
}

export interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Headers;
  /** The body as sent, for ids too large for a JSON number to keep (TikTok's int64 post ids). */
  readonly text: string;
}

/** A platform's own reading of an answer, before the generic one (Meta's error codes, X's duplicate, Reddit's 200 errors). */
export type Classify = (status: number, body: Record<string, unknown>, headers: Headers) => PlatformError | undefined;

const MAX_MESSAGE = 300;

/** The platform's words for what went wrong, wherever its error body keeps them. */
export const platformMessage = (body: unknown): string | null => {
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, any>;
  const candidates = [
    b.error?.error_user_msg,
    b.error?.message,
    b.detail,
    b.errors?.[0]?.message,
    b.errors?.[0]?.detail,
    b.message,
    b.error_description,
    b.title,
    Array.isArray(b.json?.errors?.[0]) ? b.json.errors[0][1] : undefined,
    typeof b.error === "string" ? b.error : undefined,
  ];
  const found = candidates.find((c) => typeof c === "string" && c.trim() !== "") as string | undefined;
  return found ? (found.length > MAX_MESSAGE ? `${found.slice(0, MAX_MESSAGE)}…` : found) : null;
};

const codeOf = (body: Record<string, any>): string | undefined => {
  const c = body.error?.code ?? body.error?.status ?? body.errors?.[0]?.code ?? body.code ?? body.type ?? body.error;
  return typeof c === "string" || typeof c === "number" ? String(c) : undefined;
};

/** Seconds from Retry-After (seconds or an HTTP date) or X's x-rate-limit-reset / Bluesky's ratelimit-reset (epoch seconds). */
export const retryAfter = (headers: Headers, now = Date.now()): number | undefined => {
  const header = headers.get("retry-after");
  if (header) {
    const n = Number(header);
    if (Number.isFinite(n) && n >= 0) return Math.ceil(n);
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - now) / 1000));
  }
  const reset = Number(headers.get("x-rate-limit-reset") ?? headers.get("x-ratelimit-reset") ?? headers.get("ratelimit-reset") ?? NaN);
  if (Number.isFinite(reset) && reset > 1_000_000_000) return Math.max(0, Math.ceil(reset - now / 1000));
  return undefined;
};

export const rejected = (ctx: CallContext, detail: string | null, extra: { status?: number; code?: string } = {}) =>
  fail(ctx, "rejected", detail ? `${ctx.name} refused the post: ${detail}` : `${ctx.name} refused the post.`, extra);

export const rateLimited = (ctx: CallContext, seconds: number | undefined, extra: { status?: number; code?: string } = {}) =>
  new PlatformError({
    platform: ctx.platform,
    kind: "rate_limited",
    message: `${ctx.name} is limiting posts right now${seconds !== undefined ? `; trying again in ${seconds} s` : ""}.`,
    ...extra,
    ...(seconds !== undefined ? { retryAfterSeconds: seconds } : {}),
  });

/** The generic reading of a failed answer. */
export const failureOf = (ctx: CallContext, status: number, body: Record<string, unknown>, headers: Headers): PlatformError => {
  const code = codeOf(body);
  const detail = platformMessage(body);
  if (status === 401) {
    return fail(ctx, "invalid_credentials", `${ctx.name} no longer accepts this connection. Reconnect the account.`, { status, code });
  }
  if (status === 403) {
    return fail(
      ctx,
      "invalid_credentials",
      `${ctx.name} refused to post for this account${detail ? ` (${detail})` : ""}. Reconnect it and allow every requested permission.`,
      { status, code },
    );
  }
  if (status === 429) return rateLimited(ctx, retryAfter(headers), { status, code });
  if (status >= 500) return fail(ctx, "unavailable", `${ctx.name} is not responding right now.`, { status, code });
  return rejected(ctx, detail, { status, code });
};

const bodyOf = (call: Call): { body?: BodyInit; type?: string } => {
  if (call.json !== undefined) return { body: JSON.stringify(call.json), type: "application/json" };
  if (call.form) return { body: new URLSearchParams(call.form).toString(), type: "application/x-www-form-urlencoded" };
  if (call.multipart) return { body: call.multipart };
  if (call.bytes) return { body: call.bytes.data as unknown as BodyInit, type: call.bytes.type };
  return {};
};

/** One call; answers the 2xx answer, throws the PlatformError of anything else. */
export const request = async (ctx: CallContext, url: string | URL, call: Call = {}, classify?: Classify): Promise<Answer> => {
  let { body, type } = bodyOf(call);
  if (call.outbound && call.multipart) {
    // The outbound client's undici is not the global one: it would not recognise this FormData, so it goes as encoded bytes.
    const encoded = new Response(call.multipart);
    type = encoded.headers.get("content-type") ?? undefined;
    body = new Uint8Array(await encoded.arrayBuffer());
  }
  const headers: Record<string, string> = { accept: "application/json", "user-agent": USER_AGENT, ...call.headers };
  // A platform may insist on its own spelling (TikTok's "application/json; charset=UTF-8"); two keys differing in case would be sent joined.
  const ownType = Object.keys(headers).some((name) => name.toLowerCase() === "content-type");
  if (type && !ownType) headers["content-type"] = type;
  if (call.bearer) headers.authorization = `Bearer ${call.bearer}`;
  let response: Response;
  const init = { method: call.method ?? (body === undefined ? "GET" : "POST"), headers, body, redirect: "manual" as const, signal: AbortSignal.timeout(TIMEOUT_MS) };
  try {
    response = call.outbound ? ((await outboundFetch(url, { ...(init as object), timeoutMs: TIMEOUT_MS, followRedirects: false })) as unknown as Response) : await fetch(url, init);
  } catch (error) {
    // The outbound client's sentences name the host and why (a private network, no such host, refused).
    if (error instanceof AddressRefused) throw fail(ctx, "not_eligible", error.message);
    if (error instanceof AddressUnreadable) throw fail(ctx, "unavailable", error.message);
    throw fail(ctx, "unavailable", `Could not reach ${ctx.name}.`);
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  const record = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  const own = classify?.(response.status, record, response.headers);
  if (own) throw own;
  if (response.status >= 200 && response.status < 300) return { status: response.status, body: record, headers: response.headers, text };
  throw failureOf(ctx, response.status, record, response.headers);
};

/** The API addresses of a platform: its connect flow's `<PREFIX>_API_BASE_URL`, plus `<PREFIX>_<NAME>_URL` extras for publishing. */
export const endpoints = (definition: OAuthDefinition, extra: Record<string, string> = {}) => {
  const settings = readSettings({ ...definition, endpoints: { ...definition.endpoints, extra: { ...definition.endpoints.extra, ...extra } } });
  return { api: settings.apiBaseUrl, extra: settings.extra };
};

export const tokenOf = (ctx: CallContext, credentials: unknown): OAuthCredentials => {
  const c = credentials as Partial<OAuthCredentials> | null;
  if (!c || typeof c.accessToken !== "string" || c.accessToken === "") {
    throw fail(ctx, "invalid_credentials", `${ctx.name} has no stored access for this account. Reconnect it.`);
  }
  return c as OAuthCredentials;
};

export const option = (request: PublishRequest, ...names: string[]): string | null => {
  for (const name of names) {
    const v = request.options[name];
    if (typeof v === "string" && v.trim() !== "") return v.trim();
    if (typeof v === "number") return String(v);
  }
  return null;
};

export const flag = (request: PublishRequest, name: string): boolean => {
  const v = request.options[name];
  return v === true || v === "true" || v === 1 || v === "1" || v === "on";
};

export const stringList = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.filter((t): t is string => typeof t === "string" && t.trim() !== "").map((t) => t.trim())
    : typeof v === "string"
      ? v
          .split(",")
          .map((t) => t.trim())
          .filter(Boolean)
      : [];

export const isImage = (m: { mimeType: string }) => m.mimeType.startsWith("image/");
export const isVideo = (m: { mimeType: string }) => m.mimeType.startsWith("video/");

export const blobOf = (m: { bytes: Uint8Array; mimeType: string }) => new Blob([m.bytes as unknown as ArrayBuffer], { type: m.mimeType });

/** The text with the link appended when the text does not already hold it. */
export const withLink = (request: PublishRequest): string => {
  const link = request.link?.trim();
  if (!link || request.text.includes(link)) return request.text;
  return request.text.trim() === "" ? link : `${request.text.trimEnd()}\n\n${link}`;
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
