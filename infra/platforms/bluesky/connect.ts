import { Agent, type AtpSessionData, CredentialSession, XRPCError } from "@atproto/api";
import { AddressRefused } from "../../../domain/shared";
import { outboundFetch, type OutboundInit } from "../../outbound/outbound";
import { callContext, count, fail, httpUrl, obj, str } from "../http";
import { PlatformError, type PlatformProfile } from "../types";

/**
 * Bluesky (AT Protocol): handle or email plus an app password, against any PDS (bsky.social by
 * default, or a self-hosted one). The session's JWTs are what is kept: the app password itself is
 * used once and never stored. Refresh JWTs rotate: store the session each call returns.
 */

export const DEFAULT_BLUESKY_SERVICE = "https://bsky.social";
export const INVALID_LOGIN_MESSAGE = "Invalid handle or app password.";
export const MAIN_PASSWORD_MESSAGE =
  "Use an app password, not your account password: create one in Bluesky under Settings > Privacy and security > App passwords.";

export interface BlueskySession {
  readonly did: string;
  readonly handle: string;
  readonly accessJwt: string;
  readonly refreshJwt: string;
  /** The service signed in to (the entryway for bsky.social): sessions are renewed there. */
  readonly service: string;
  /** The account's own PDS from its DID document, where its repository lives (may equal service). */
  readonly pdsUrl?: string | null;
}

export interface BlueskyConnection {
  readonly profile: PlatformProfile;
  readonly session: BlueskySession;
}

const ctx = callContext("bluesky");
const TIMEOUT_MS = 15_000;

const SERVICE_HINT = "Enter the Bluesky server address as https://your-server.example (http only for this machine), or leave it empty for bsky.social.";

const isLoopback = (hostname: string) => {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
};

/**
 * A PDS address: http(s) only, https except on loopback (a local development PDS), no
 * credentials, query or fragment. Answers its origin (plus any path prefix), without a trailing slash.
 */
export const parseBlueskyService = (service: string | null | undefined): { ok: true; url: string } | { ok: false; message: string } => {
  const text = service?.trim() || DEFAULT_BLUESKY_SERVICE;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, message: SERVICE_HINT };
  }
  const httpAllowed = url.protocol === "http:" && isLoopback(url.hostname);
  if ((url.protocol !== "https:" && !httpAllowed) || url.username || url.password || url.search || url.hash) {
    return { ok: false, message: SERVICE_HINT };
  }
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, "")}` };
};

const serviceOrThrow = (service: string | null | undefined): string => {
  const parsed = parseBlueskyService(service);
  if (!parsed.ok) throw fail(ctx, "invalid_credentials", parsed.message);
  return parsed.url;
};

/**
 * Calls to a Bluesky server, which a person names: through the outbound client (a server on a private
 * network is refused unless OUTBOUND_ALLOW_HOSTS names it), bounded in time so an address that
 * swallows packets fails as "unavailable" instead of hanging the request.
 */
export const blueskyFetch =
  (timeoutMs: number): typeof fetch =>
  (input, init) =>
    outboundFetch(input, { ...(init as OutboundInit), timeoutMs }) as unknown as Promise<Response>;

/** The outbound client's refusal behind an XRPC failure (the SDK wraps what fetch throws), as the sentence to show. */
export const refusedAddressOf = (error: unknown): string | undefined => {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof AddressRefused) return e.message;
  }
  return undefined;
};

const unavailable = (service: string, status?: number) =>
  fail(ctx, "unavailable", `Could not reach the Bluesky server at ${service}. Check the address or try again later.`, { status });

/** What an XRPC failure means here; `refused` is the kind for a rejected credential in this step. */
const fromXrpc = (error: unknown, service: string, refused: "invalid_credentials" | "refresh_failed"): PlatformError => {
  if (error instanceof PlatformError) return error;
  const refusedAddress = refusedAddressOf(error);
  if (refusedAddress) return fail(ctx, "invalid_credentials", refusedAddress);
  if (!(error instanceof XRPCError)) return unavailable(service);
  const status = error.status;
  const code = typeof error.error === "string" ? error.error : undefined;
  // 1 is "Unknown" (no answer), 2 an answer that failed validation, 404 a server that is not a PDS.
  if (status === 1 || status === 404 || status === 429 || status >= 500) return unavailable(service, status);
  if (status === 2) return fail(ctx, "invalid_response", `The Bluesky server at ${service} sent an answer that could not be read.`);
  if (refused === "refresh_failed") {
    return fail(ctx, "refresh_failed", "Bluesky ended this session. Reconnect the account with an app password.", { status, code });
  }
  if (code === "AccountTakedown") return fail(ctx, "invalid_credentials", "This Bluesky account has been taken down.", { status, code });
  if (code === "AuthFactorTokenRequired") return fail(ctx, "invalid_credentials", MAIN_PASSWORD_MESSAGE, { status, code });
  return fail(ctx, "invalid_credentials", INVALID_LOGIN_MESSAGE, { status, code });
};

/** The scope claim of an access JWT (read, not verified: the server that issued it verifies it). */
const jwtScope = (jwt: string): string | null => {
  try {
    return str(JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8")).scope);
  } catch {
    return null;
  }
};

const toSession = (data: AtpSessionData, service: string, pdsUrl: URL | undefined): BlueskySession => ({
  did: data.did,
  handle: data.handle,
  accessJwt: data.accessJwt,
  refreshJwt: data.refreshJwt,
  service,
  pdsUrl: pdsUrl ? pdsUrl.toString().replace(/\/+$/, "") : null,
});

/**
 * The profile: from the AppView through the PDS (display name, avatar, followers). A PDS without
 * an AppView (self-hosted, or a test network) cannot answer that, so the profile record in the
 * repository serves instead, with 0 followers.
 */
const readProfile = async (
  agent: Agent,
  session: CredentialSession,
  account: { did: string; handle: string; service: string },
  refused: "invalid_credentials" | "refresh_failed",
): Promise<PlatformProfile> => {
  const { did, handle, service } = account;
  const profileUrl = `https://bsky.app/profile/${handle}`;
  try {
    const { data } = await agent.app.bsky.actor.getProfile({ actor: did });
    return {
      externalId: did,
      accountName: str(data.displayName) ?? data.handle,
      username: data.handle,
      avatarUrl: httpUrl(data.avatar),
      followers: count(data.followersCount),
      profileUrl: `https://bsky.app/profile/${data.handle}`,
      metadata: { did, service, source: "appview" },
    };
  } catch (error) {
    if (error instanceof XRPCError && (error.status === 1 || error.status === 401)) throw fromXrpc(error, service, refused);
  }
  let record: Record<string, unknown> = {};
  try {
    const { data } = await agent.com.atproto.repo.getRecord({ repo: did, collection: "app.bsky.actor.profile", rkey: "self" });
    record = obj(data.value);
  } catch (error) {
    // A new account has no profile record yet; anything else is a real failure.
    if (!(error instanceof XRPCError) || error.status !== 400) throw fromXrpc(error, service, refused);
  }
  const avatar = obj(record.avatar);
  const ref = avatar.ref as { $link?: string; toString?: () => string } | undefined;
  const cid = str(ref?.$link) ?? (ref && typeof ref.toString === "function" ? str(ref.toString()) : null) ?? str(avatar.cid);
  const pds = (session.pdsUrl ?? session.serviceUrl).toString().replace(/\/+$/, "");
  return {
    externalId: did,
    accountName: str(record.displayName) ?? handle,
    username: handle,
    avatarUrl: cid && !cid.startsWith("[object") ? `${pds}/xrpc/com.atproto.sync.getBlob?did=${encodeURIComponent(did)}&cid=${encodeURIComponent(cid)}` : null,
    followers: 0,
    profileUrl,
    metadata: { did, service, source: "repository" },
  };
};

/**
 * Signs in with a handle (or email) and an app password, and reads the profile. Wrong
 * credentials: PlatformError invalid_credentials "Invalid handle or app password."; a server that
 * cannot be reached: unavailable, naming the address. The account's main password is refused: an
 * app password can be revoked on its own and cannot change the account's settings.
 */
export const connectBluesky = async (input: { identifier: string; appPassword: string; service?: string | null }): Promise<BlueskyConnection> => {
  const service = serviceOrThrow(input.service);
  const identifier = input.identifier.trim().replace(/^@/, "");
  if (!identifier || !input.appPassword) throw fail(ctx, "invalid_credentials", INVALID_LOGIN_MESSAGE);
  const session = new CredentialSession(new URL(service), blueskyFetch(TIMEOUT_MS));
  try {
    await session.login({ identifier, password: input.appPassword });
  } catch (error) {
    throw fromXrpc(error, service, "invalid_credentials");
  }
  const data = session.session!;
  if (jwtScope(data.accessJwt) === "com.atproto.access") {
    await session.logout();
    throw fail(ctx, "invalid_credentials", MAIN_PASSWORD_MESSAGE);
  }
  const agent = new Agent(session);
  const profile = await readProfile(agent, session, { did: data.did, handle: data.handle, service }, "invalid_credentials");
  return { profile, session: toSession(session.session ?? data, service, session.pdsUrl) };
};

const sessionFrom = (stored: BlueskySession) => {
  const service = serviceOrThrow(stored.service);
  const session = new CredentialSession(new URL(service), blueskyFetch(TIMEOUT_MS));
  if (stored.pdsUrl) session.pdsUrl = new URL(stored.pdsUrl);
  return { service, session };
};

const asAtpSession = (stored: BlueskySession): AtpSessionData => ({
  did: stored.did,
  handle: stored.handle,
  accessJwt: stored.accessJwt,
  refreshJwt: stored.refreshJwt,
  active: true,
});

/**
 * Renews the session with its refresh JWT (com.atproto.server.refreshSession): new access and
 * refresh JWTs, and the current handle. Refused: refresh_failed (reconnect); unreachable: unavailable.
 */
export const resumeBluesky = async (stored: BlueskySession): Promise<BlueskySession> => {
  const { service, session } = sessionFrom(stored);
  try {
    await session.resumeSession(asAtpSession(stored));
  } catch (error) {
    throw fromXrpc(error, service, "refresh_failed");
  }
  if (!session.session) throw fail(ctx, "refresh_failed", "Bluesky ended this session. Reconnect the account with an app password.");
  return toSession(session.session, service, session.pdsUrl);
};

/**
 * Reads the profile again (name, avatar, followers) with a stored session, checking the session on
 * the way (com.atproto.server.getSession, which also gives the current handle). An access JWT the
 * PDS refuses is renewed, so the session returned may differ from the one given: store it.
 */
export const refreshBlueskyProfile = async (stored: BlueskySession): Promise<BlueskyConnection> => {
  const { service, session } = sessionFrom(stored);
  session.session = asAtpSession(stored);
  const agent = new Agent(session);
  let handle = stored.handle;
  try {
    // An expired access JWT is renewed by the session itself and the call retried.
    handle = (await agent.com.atproto.server.getSession()).data.handle;
  } catch (error) {
    const refusedToken = error instanceof XRPCError && (error.status === 400 || error.status === 401);
    if (!refusedToken || !session.session) throw fromXrpc(error, service, "refresh_failed");
    try {
      await session.refreshSession();
      handle = (await agent.com.atproto.server.getSession()).data.handle;
    } catch (retryError) {
      throw fromXrpc(retryError, service, "refresh_failed");
    }
  }
  if (!session.session) throw fail(ctx, "refresh_failed", "Bluesky ended this session. Reconnect the account with an app password.");
  const profile = await readProfile(agent, session, { did: stored.did, handle, service }, "refresh_failed");
  const current = session.session ?? asAtpSession(stored);
  return { profile, session: toSession({ ...current, handle }, service, session.pdsUrl ?? (stored.pdsUrl ? new URL(stored.pdsUrl) : undefined)) };
};
