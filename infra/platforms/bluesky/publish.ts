import { platformById } from "../../../domain/accounts/platforms";
import { createHash } from "node:crypto";
import { Agent, type AtpSessionData, CredentialSession, RichText, XRPCError } from "@atproto/api";
import sharp from "sharp";
import { blueskyFetch, type BlueskySession, INVALID_LOGIN_MESSAGE, parseBlueskyService, refusedAddressOf } from "./connect";
import { callContext, fail } from "../http";
import { PlatformError } from "../types";
import { rateLimited } from "../call";
import type { Published, PublishRequest } from "../provider";

/**
 * Bluesky posts: app.bsky.feed.post records written with com.atproto.repo.createRecord under a
 * record key derived from our idempotency key, so a retried publish finds (or collides with) the
 * record of the first attempt instead of writing a second one.
 */

export interface BlueskyCredentials extends BlueskySession {
  /** The handle or email and app password, kept to sign in again when the refresh JWT is refused. */
  readonly identifier?: string;
  readonly appPassword?: string;
}

const ctx = callContext("bluesky");
const COLLECTION = "app.bsky.feed.post";
export const BLUESKY_MAX_GRAPHEMES = 300;
/** From the platform table: app.bsky.embed.images holds up to 4 images of at most 1,000,000 bytes each. */
export const BLUESKY_MAX_IMAGES = platformById("bluesky").posting.maxImages;
export const BLUESKY_MAX_IMAGE_BYTES = platformById("bluesky").posting.maxImageBytes!;
const TIMEOUT_MS = 30_000;

const S32 = "234567abcdefghijklmnopqrstuvwxyz";
const YEAR_US = 365n * 24n * 3600n * 1_000_000n;
const EPOCH_US = BigInt(Date.UTC(2024, 0, 1)) * 1000n;

/**
 * A TID (13 base32-sortable characters, the record key type of app.bsky.feed.post) derived from
 * the key: the same key always gives the same TID. Its timestamp part lies in 2024 (never in the
 * future), its clock id is taken from the hash too.
 */
export const blueskyRkey = (idempotencyKey: string): string => {
  const hash = createHash("sha256").update(`socialdesk/bluesky/${idempotencyKey}`).digest();
  const micros = EPOCH_US + (hash.readBigUInt64BE(0) % YEAR_US);
  const clockId = BigInt(hash.readUInt16BE(8) & 0x3ff);
  let value = (micros << 10n) | clockId;
  let out = "";
  for (let i = 0; i < 13; i++) {
    out = S32[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
};

export const blueskyPostUrl = (handle: string, rkey: string) => `https://bsky.app/profile/${handle}/post/${rkey}`;

const unavailable = (service: string, status?: number) => fail(ctx, "unavailable", `Could not reach the Bluesky server at ${service}.`, { status });

const isRefusedToken = (error: unknown) =>
  error instanceof XRPCError &&
  (error.status === 400 || error.status === 401) &&
  ["ExpiredToken", "InvalidToken", "AuthenticationRequired", "AuthMissing"].includes(String(error.error));

/** An XRPC failure while publishing. */
const fromXrpc = (error: unknown, service: string): PlatformError => {
  if (error instanceof PlatformError) return error;
  const refusedAddress = refusedAddressOf(error);
  if (refusedAddress) return fail(ctx, "not_eligible", refusedAddress);
  if (!(error instanceof XRPCError)) return unavailable(service);
  const status = error.status;
  const code = typeof error.error === "string" ? error.error : undefined;
  if (status === 429) {
    const reset = Number(error.headers?.["ratelimit-reset"]);
    const seconds = Number.isFinite(reset) && reset > 0 ? Math.max(0, Math.ceil(reset - Date.now() / 1000)) : undefined;
    return rateLimited(ctx, seconds, { status, code });
  }
  if (status === 1 || status >= 500) return unavailable(service, status);
  if (isRefusedToken(error)) return fail(ctx, "refresh_failed", "Bluesky ended this session. Reconnect the account with an app password.", { status, code });
  if (status === 401 || status === 403 || code === "AccountTakedown") {
    return fail(ctx, "invalid_credentials", "Bluesky refused this account. Reconnect it with an app password.", { status, code });
  }
  return fail(ctx, "rejected", `Bluesky refused the post: ${error.message || code || `HTTP ${status}`}`, { status, code });
};

const toStored = (data: AtpSessionData, stored: BlueskyCredentials, pdsUrl: URL | undefined): BlueskyCredentials => ({
  ...stored,
  did: data.did,
  handle: data.handle,
  accessJwt: data.accessJwt,
  refreshJwt: data.refreshJwt,
  pdsUrl: pdsUrl ? pdsUrl.toString().replace(/\/+$/, "") : (stored.pdsUrl ?? null),
});

interface Signed {
  readonly agent: Agent;
  readonly did: string;
  readonly handle: string;
  readonly service: string;
  /** The credentials to store now (JWTs rotate). */
  readonly credentials: () => BlueskyCredentials;
  readonly changed: () => boolean;
}

/**
 * A signed-in agent from the stored credentials: the stored access JWT, renewed with the refresh
 * JWT when expired, or a fresh sign-in with the app password when the refresh JWT is refused too.
 */
export const signIn = async (credentials: unknown): Promise<Signed> => {
  const stored = credentials as Partial<BlueskyCredentials> | null;
  if (!stored || typeof stored.did !== "string" || typeof stored.accessJwt !== "string" || typeof stored.refreshJwt !== "string") {
    throw fail(ctx, "invalid_credentials", "This Bluesky account has no stored session. Reconnect it with an app password.");
  }
  const parsed = parseBlueskyService(stored.service);
  if (!parsed.ok) throw fail(ctx, "invalid_credentials", parsed.message);
  const service = parsed.url;
  const session = new CredentialSession(new URL(service), blueskyFetch(TIMEOUT_MS));
  if (stored.pdsUrl) session.pdsUrl = new URL(stored.pdsUrl);
  const initial: AtpSessionData = {
    did: stored.did,
    handle: stored.handle ?? stored.did,
    accessJwt: stored.accessJwt,
    refreshJwt: stored.refreshJwt,
    active: true,
  };
  session.session = initial;
  const agent = new Agent(session);
  let handle = initial.handle;
  try {
    // An expired access JWT is renewed by the session itself and the call retried.
    handle = (await agent.com.atproto.server.getSession()).data.handle;
  } catch (error) {
    if (!(error instanceof XRPCError) || !(error.status === 400 || error.status === 401)) throw fromXrpc(error, service);
    let renewed = false;
    if (session.session) {
      try {
        await session.refreshSession();
        renewed = !!session.session;
      } catch {
        renewed = false;
      }
    }
    if (!renewed) {
      if (!stored.identifier || !stored.appPassword) {
        throw fail(ctx, "refresh_failed", "Bluesky ended this session. Reconnect the account with an app password.", { status: error.status });
      }
      try {
        await session.login({ identifier: stored.identifier, password: stored.appPassword });
      } catch (loginError) {
        if (loginError instanceof XRPCError && (loginError.status === 400 || loginError.status === 401)) {
          throw fail(ctx, "invalid_credentials", `${INVALID_LOGIN_MESSAGE} Reconnect the Bluesky account.`, { status: loginError.status });
        }
        throw fromXrpc(loginError, service);
      }
    }
    handle = session.session?.handle ?? handle;
  }
  const did = stored.did;
  return {
    agent,
    did,
    handle,
    service,
    credentials: () => toStored({ ...(session.session ?? initial), handle }, stored as BlueskyCredentials, session.pdsUrl),
    changed: () => session.session?.refreshJwt !== stored.refreshJwt || handle !== stored.handle,
  };
};

/** The post of this key, if an earlier attempt wrote it. */
const existing = async (signed: Signed, rkey: string): Promise<Published | null> => {
  try {
    const { data } = await signed.agent.com.atproto.repo.getRecord({ repo: signed.did, collection: COLLECTION, rkey });
    return { platformPostId: data.uri, url: blueskyPostUrl(signed.handle, rkey) };
  } catch (error) {
    if (
      error instanceof XRPCError &&
      (error.status === 400 || error.status === 404) &&
      /RecordNotFound|not found|Could not locate/i.test(`${error.error} ${error.message}`)
    ) {
      return null;
    }
    throw fromXrpc(error, signed.service);
  }
};

const LANGUAGE = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/;

/** What Bluesky would refuse, checked before any call: the message says what to change. */
export const checkBlueskyPost = (request: PublishRequest): void => {
  const text = new RichText({ text: request.text }).graphemeLength;
  if (text > BLUESKY_MAX_GRAPHEMES) {
    throw fail(ctx, "rejected", `The post is ${text} characters long; Bluesky allows at most ${BLUESKY_MAX_GRAPHEMES}. Shorten it.`);
  }
  const images = request.media.filter((m) => m.mimeType.startsWith("image/"));
  if (images.length !== request.media.length) {
    throw fail(ctx, "rejected", "Bluesky posts from SocialDesk can carry images only (no video or other files).");
  }
  if (images.length > BLUESKY_MAX_IMAGES) {
    throw fail(ctx, "rejected", `Bluesky allows at most ${BLUESKY_MAX_IMAGES} images per post; this post has ${images.length}.`);
  }
  const large = images.find((m) => m.bytes.byteLength > BLUESKY_MAX_IMAGE_BYTES);
  if (large) throw fail(ctx, "rejected", `The image ${large.fileName} is larger than 1 MB, the most Bluesky accepts per image.`);
  if (!request.text.trim() && images.length === 0) throw fail(ctx, "rejected", "A Bluesky post needs text or an image.");
};

const aspectRatio = async (bytes: Uint8Array) => {
  try {
    const { width, height } = await sharp(bytes).metadata();
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
};

export const publishBluesky = async (credentials: unknown, request: PublishRequest): Promise<Published> => {
  checkBlueskyPost(request);
  const signed = await signIn(credentials);
  const renewed = () => (signed.changed() ? { credentials: signed.credentials() } : {});
  const rkey = blueskyRkey(request.idempotencyKey);
  const earlier = await existing(signed, rkey);
  if (earlier) return { ...earlier, ...renewed() };

  try {
    const images = [];
    for (const media of request.media) {
      const { data } = await signed.agent.uploadBlob(media.bytes, { encoding: media.mimeType });
      const ratio = await aspectRatio(media.bytes);
      images.push({ image: data.blob, alt: media.alt ?? "", ...(ratio ? { aspectRatio: ratio } : {}) });
    }
    const text =
      request.link &&
      !request.text.includes(request.link) &&
      new RichText({ text: `${request.text.trimEnd()}\n${request.link}` }).graphemeLength <= BLUESKY_MAX_GRAPHEMES
        ? `${request.text.trimEnd()}${request.text.trim() ? "\n" : ""}${request.link}`
        : request.text;
    const rt = new RichText({ text });
    await rt.detectFacets(signed.agent);
    const language = typeof request.options.language === "string" && LANGUAGE.test(request.options.language) ? request.options.language : null;
    const record: Record<string, unknown> = {
      $type: COLLECTION,
      text: rt.text,
      createdAt: new Date().toISOString(),
      ...(rt.facets && rt.facets.length > 0 ? { facets: rt.facets } : {}),
      ...(language ? { langs: [language] } : {}),
      ...(images.length > 0 ? { embed: { $type: "app.bsky.embed.images", images } } : {}),
    };
    try {
      const { data } = await signed.agent.com.atproto.repo.createRecord({ repo: signed.did, collection: COLLECTION, rkey, record });
      return { platformPostId: data.uri, url: blueskyPostUrl(signed.handle, rkey), ...renewed() };
    } catch (error) {
      // Another attempt wrote this key between our check and our write (the PDS answers 400, or 500
      // when the two writes collide in its store): that record is the post.
      const raced = error instanceof XRPCError && error.status !== 1 ? await existing(signed, rkey).catch(() => null) : null;
      if (raced) return { ...raced, ...renewed() };
      throw error;
    }
  } catch (error) {
    throw fromXrpc(error, signed.service);
  }
};

export const findBluesky = async (credentials: unknown, idempotencyKey: string): Promise<Published | null> => {
  const signed = await signIn(credentials);
  const found = await existing(signed, blueskyRkey(idempotencyKey));
  return found && signed.changed() ? { ...found, credentials: signed.credentials() } : found;
};

/**
 * A reply in a thread (the inbox): an `app.bsky.feed.post` with `reply.root` and `reply.parent`, so it
 * threads on Bluesky, under a record key derived from the reply's id: a second attempt finds the first.
 */
export const postReply = async (
  credentials: unknown,
  request: { readonly idempotencyKey: string; readonly text: string; readonly parent: StrongRef; readonly root: StrongRef },
): Promise<Published> => {
  const signed = await signIn(credentials);
  const renewed = () => (signed.changed() ? { credentials: signed.credentials() } : {});
  const rkey = blueskyRkey(request.idempotencyKey);
  const earlier = await existing(signed, rkey);
  if (earlier) return { ...earlier, ...renewed() };
  try {
    const rt = new RichText({ text: request.text });
    if (rt.graphemeLength > BLUESKY_MAX_GRAPHEMES)
      throw fail(ctx, "rejected", `The reply is ${rt.graphemeLength} characters long; Bluesky allows at most ${BLUESKY_MAX_GRAPHEMES}.`);
    await rt.detectFacets(signed.agent);
    const record = {
      $type: COLLECTION,
      text: rt.text,
      createdAt: new Date().toISOString(),
      reply: { root: request.root, parent: request.parent },
      ...(rt.facets && rt.facets.length > 0 ? { facets: rt.facets } : {}),
    };
    try {
      const { data } = await signed.agent.com.atproto.repo.createRecord({ repo: signed.did, collection: COLLECTION, rkey, record });
      return { platformPostId: data.uri, url: blueskyPostUrl(signed.handle, rkey), ...renewed() };
    } catch (error) {
      const raced = error instanceof XRPCError ? await existing(signed, rkey).catch(() => null) : null;
      if (raced) return { ...raced, ...renewed() };
      throw error;
    }
  } catch (error) {
    throw error instanceof PlatformError ? error : fromXrpc(error, signed.service);
  }
};

export interface StrongRef {
  readonly uri: string;
  readonly cid: string;
}
