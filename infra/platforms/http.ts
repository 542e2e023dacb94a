import { platformById, type PlatformId } from "../../domain/accounts/platforms";
import { PlatformError, type PlatformErrorKind, type TokenSet } from "./types";

/**
 * HTTP to the platforms, and the one place where their failures become PlatformErrors. Messages
 * are for the user: they name the platform and what to do, and never carry a token, a secret or a
 * URL (Meta's documented token calls put the app secret in the query string).
 */

export interface CallContext {
  readonly platform: PlatformId;
  /** The platform's display name, for messages. */
  readonly name: string;
}

export const callContext = (platform: PlatformId): CallContext => ({ platform, name: platformById(platform).name });

/** Long enough for a slow platform, short enough that a connect request does not hang. */
const TIMEOUT_MS = 20_000;
/** Reddit refuses generic agents; the others do not mind a named one. */
export const USER_AGENT = "SocialDesk/0.1 (social media management)";

export const fail = (
  ctx: CallContext,
  kind: PlatformErrorKind,
  message: string,
  details: { status?: number; code?: string } = {},
) => new PlatformError({ platform: ctx.platform, kind, message, ...details });

/** The token phase decides what a refusal means: a bad sign-in, or access that can no longer be renewed. */
export type TokenPhase = "exchange" | "refresh";

const refused = (ctx: CallContext, phase: TokenPhase, status?: number, code?: string) =>
  phase === "exchange"
    ? fail(ctx, "invalid_credentials", `${ctx.name} did not accept the sign-in. Please try connecting again.`, { status, code })
    : fail(ctx, "refresh_failed", `${ctx.name} refused to renew access. Reconnect the account.`, { status, code });

export const unreachable = (ctx: CallContext) =>
  fail(ctx, "unavailable", `Could not reach ${ctx.name}. Please try again in a few minutes.`);

const unavailableStatus = (ctx: CallContext, status: number, code?: string) =>
  status === 429
    ? fail(ctx, "unavailable", `${ctx.name} is limiting requests right now. Please try again in a few minutes.`, { status, code })
    : fail(ctx, "unavailable", `${ctx.name} is not responding right now. Please try again later.`, { status, code });

export const invalidResponse = (ctx: CallContext, what: string, status?: number) =>
  fail(ctx, "invalid_response", `${ctx.name} sent ${what} that could not be read.`, { status });

/** The platform's own error code, wherever its error body keeps it (OAuth, Meta, Google, X, TikTok). */
export const errorCode = (body: unknown): string | undefined => {
  if (!body || typeof body !== "object") return undefined;
  const b = body as Record<string, unknown>;
  if (typeof b.error === "string") return b.error;
  if (b.error && typeof b.error === "object") {
    const e = b.error as Record<string, unknown>;
    for (const key of ["code", "type", "status"]) {
      if (typeof e[key] === "string" && e[key] !== "ok") return e[key] as string;
      if (typeof e[key] === "number") return String(e[key]);
    }
  }
  if (Array.isArray(b.errors) && b.errors[0] && typeof b.errors[0] === "object") {
    const first = b.errors[0] as Record<string, unknown>;
    if (typeof first.code === "string" || typeof first.code === "number") return String(first.code);
  }
  if (typeof b.code === "string" || typeof b.code === "number") return String(b.code);
  return undefined;
};

const send = async (ctx: CallContext, url: string | URL, init: RequestInit): Promise<Response> => {
  try {
    return await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    // The cause (refused, DNS, timeout) names the URL at best; the user only needs to retry later.
    throw unreachable(ctx);
  }
};

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export interface ApiRequest {
  readonly bearer?: string;
  readonly method?: "GET" | "POST";
  readonly headers?: Record<string, string>;
}

/** A JSON API call with a bearer token. Errors: 401/403 invalid_credentials, 429/5xx/network unavailable. */
export const apiJson = async (ctx: CallContext, url: string | URL, request: ApiRequest = {}): Promise<Record<string, unknown>> => {
  const headers: Record<string, string> = { accept: "application/json", "user-agent": USER_AGENT, ...request.headers };
  if (request.bearer) headers.authorization = `Bearer ${request.bearer}`;
  const response = await send(ctx, url, { method: request.method ?? "GET", headers });
  const body = await readJson(response);
  const status = response.status;
  if (status >= 200 && status < 300) {
    if (!body || typeof body !== "object") throw invalidResponse(ctx, "a profile", status);
    return body as Record<string, unknown>;
  }
  const code = errorCode(body);
  if (status === 401)
    throw fail(ctx, "invalid_credentials", `${ctx.name} no longer accepts this connection. Reconnect the account.`, { status, code });
  if (status === 403)
    throw fail(
      ctx,
      "invalid_credentials",
      `${ctx.name} refused access to the account: a permission is missing. Reconnect and allow every requested permission.`,
      { status, code },
    );
  if (status === 429 || status >= 500) throw unavailableStatus(ctx, status, code);
  throw fail(ctx, "invalid_response", `${ctx.name} answered with an unexpected error (HTTP ${status}).`, { status, code });
};

export interface TokenRequest {
  readonly method: "GET" | "POST";
  readonly url: string;
  /** GET: added to the query string; POST: sent as a form body. */
  readonly params: Record<string, string>;
  readonly basic?: { readonly username: string; readonly password: string };
}

/**
 * A token endpoint call written by hand, for what arctic's OAuth2Client cannot send: client
 * credentials in the body (LinkedIn, TikTok's client_key, Meta) and Meta's GET exchanges. Some
 * platforms (TikTok) answer 200 with an error body, so the body decides as much as the status.
 */
export const tokenRequest = async (ctx: CallContext, phase: TokenPhase, request: TokenRequest): Promise<Record<string, unknown>> => {
  const headers: Record<string, string> = { accept: "application/json", "user-agent": USER_AGENT };
  if (request.basic) {
    headers.authorization = `Basic ${Buffer.from(`${request.basic.username}:${request.basic.password}`).toString("base64")}`;
  }
  let response: Response;
  if (request.method === "GET") {
    const url = new URL(request.url);
    for (const [k, v] of Object.entries(request.params)) url.searchParams.set(k, v);
    response = await send(ctx, url, { method: "GET", headers });
  } else {
    headers["content-type"] = "application/x-www-form-urlencoded";
    response = await send(ctx, request.url, { method: "POST", headers, body: new URLSearchParams(request.params).toString() });
  }
  const body = await readJson(response);
  const status = response.status;
  const code = errorCode(body);
  if (status === 429 || status >= 500) throw unavailableStatus(ctx, status, code);
  if (status >= 400) throw refused(ctx, phase, status, code);
  if (!body || typeof body !== "object") throw invalidResponse(ctx, "a token answer", status);
  const record = unwrapTokenBody(body as Record<string, unknown>);
  if (typeof record.access_token !== "string" && code) throw refused(ctx, phase, status, code);
  return record;
};

/** Instagram's documented code exchange wraps the answer in `data: [ ... ]`; the others do not. */
const unwrapTokenBody = (body: Record<string, unknown>): Record<string, unknown> => {
  if (typeof body.access_token !== "string" && Array.isArray(body.data) && body.data[0] && typeof body.data[0] === "object") {
    return body.data[0] as Record<string, unknown>;
  }
  return body;
};

const seconds = (v: unknown): number | null => {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * A token answer as a TokenSet. Platforms that renew without rotating (Google, Reddit, Pinterest)
 * send no refresh token on refresh: the one in use stays valid and is kept.
 */
export const toTokenSet = (ctx: CallContext, raw: Record<string, unknown>, keepRefreshToken: string | null = null): TokenSet => {
  const body = unwrapTokenBody(raw);
  if (typeof body.access_token !== "string" || body.access_token === "") throw invalidResponse(ctx, "a token answer");
  const expiresIn = seconds(body.expires_in);
  const scope = typeof body.scope === "string" ? body.scope : Array.isArray(body.scope) ? body.scope.join(" ") : null;
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === "string" && body.refresh_token !== "" ? body.refresh_token : keepRefreshToken,
    expiresAt: expiresIn === null ? null : new Date(Date.now() + expiresIn * 1000),
    scope,
  };
};

/** Platforms answer counts as numbers or numeric strings (YouTube); anything else is 0. */
export const count = (v: unknown): number => {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0;
};

export const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : typeof v === "number" ? String(v) : null);

export const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

export const list = (v: unknown): Array<Record<string, unknown>> => (Array.isArray(v) ? v.map(obj) : []);

/** Only http(s) URLs are kept as avatars and links: a platform's answer is not trusted to be safe to render. */
export const httpUrl = (v: unknown): string | null => {
  const s = str(v);
  if (!s) return null;
  try {
    const url = new URL(s);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
};
