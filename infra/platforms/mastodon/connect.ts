import { callContext, fail } from "../http";
import { request } from "../call";
import type { PlatformProfile } from "../types";

/**
 * Connecting a Mastodon account (any server speaking its API: Pixelfed, GoToSocial, Akkoma): the app
 * registers itself at the instance (`POST /api/v1/apps`, once per instance: the caller keeps the
 * answer), the person authorizes it there (OAuth 2 with PKCE S256), the code is exchanged at
 * `/oauth/token` and the account read from `/api/v1/accounts/verify_credentials`. Every call goes
 * through the SSRF-safe outbound client: the instance is an address a person typed.
 */

const ctx = callContext("mastodon");

export const MASTODON_SCOPES = "read write";
export const MASTODON_APP_NAME = "SocialDesk";

export interface MastodonApp {
  readonly clientId: string;
  readonly clientSecret: string;
}

export interface MastodonLimits {
  readonly maxCharacters: number;
  readonly maxMedia: number;
}

/** Mastodon's defaults, for servers whose /api/v2/instance does not say (GoToSocial and older ones). */
export const DEFAULT_MASTODON_LIMITS: MastodonLimits = { maxCharacters: 500, maxMedia: 4 };

const hostOf = (origin: string) => new URL(origin).host;

const wrongAnswer = (origin: string, what: string) =>
  fail(ctx, "invalid_response", `${hostOf(origin)} answered ${what} that is not a Mastodon server's. Check the address.`);

/** Registers SocialDesk at the instance, for the redirect URI given. */
export const registerMastodonApp = async (origin: string, redirectUri: string, website: string): Promise<MastodonApp> => {
  const answer = await request(
    ctx,
    `${origin}/api/v1/apps`,
    { outbound: true, json: { client_name: MASTODON_APP_NAME, redirect_uris: redirectUri, scopes: MASTODON_SCOPES, website } },
    (status, body) =>
      status === 404 || status === 405 ? fail(ctx, "not_eligible", `${hostOf(origin)} does not offer Mastodon's API. Check the address of your server.`, { status }) : undefined,
  );
  const { client_id, client_secret } = answer.body;
  if (typeof client_id !== "string" || typeof client_secret !== "string" || !client_id || !client_secret) throw wrongAnswer(origin, "an app registration");
  return { clientId: client_id, clientSecret: client_secret };
};

/** The instance's consent page, with the PKCE challenge of `codeChallenge` (S256). */
export const mastodonAuthorizeUrl = (input: { origin: string; app: MastodonApp; redirectUri: string; state: string; codeChallenge: string }): URL => {
  const url = new URL("/oauth/authorize", input.origin);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", input.app.clientId);
  url.searchParams.set("redirect_uri", input.redirectUri);
  url.searchParams.set("scope", MASTODON_SCOPES);
  url.searchParams.set("state", input.state);
  url.searchParams.set("code_challenge", input.codeChallenge);
  url.searchParams.set("code_challenge_method", "S256");
  return url;
};

/** Trades the code (with the PKCE verifier) for an access token; Mastodon's tokens do not expire and have no refresh token. */
export const exchangeMastodonCode = async (input: { origin: string; app: MastodonApp; code: string; codeVerifier: string; redirectUri: string }): Promise<string> => {
  const answer = await request(
    ctx,
    `${input.origin}/oauth/token`,
    {
      outbound: true,
      form: {
        grant_type: "authorization_code",
        code: input.code,
        client_id: input.app.clientId,
        client_secret: input.app.clientSecret,
        redirect_uri: input.redirectUri,
        code_verifier: input.codeVerifier,
        scope: MASTODON_SCOPES,
      },
    },
    (status) =>
      status === 400 || status === 401 || status === 403
        ? fail(ctx, "invalid_credentials", `${hostOf(input.origin)} did not accept the sign-in (the code was wrong or already used). Please try connecting again.`, { status })
        : undefined,
  );
  const token = answer.body.access_token;
  if (typeof token !== "string" || token === "") throw wrongAnswer(input.origin, "a token");
  return token;
};

/** The signed-in account, as SocialDesk keeps it: id, @name@instance, avatar, followers. */
export const readMastodonAccount = async (origin: string, accessToken: string): Promise<PlatformProfile> => {
  const { body } = await request(ctx, `${origin}/api/v1/accounts/verify_credentials`, { outbound: true, bearer: accessToken });
  if (typeof body.id !== "string" || typeof body.username !== "string") throw wrongAnswer(origin, "an account");
  const host = hostOf(origin);
  const acct = typeof body.acct === "string" && body.acct.includes("@") ? body.acct : `${body.username}@${host}`;
  return {
    externalId: body.id,
    accountName: typeof body.display_name === "string" && body.display_name.trim() ? body.display_name.trim() : body.username,
    username: acct,
    avatarUrl: typeof body.avatar === "string" && body.avatar ? body.avatar : null,
    followers: typeof body.followers_count === "number" ? body.followers_count : 0,
    profileUrl: typeof body.url === "string" ? body.url : `${origin}/@${body.username}`,
    metadata: { instance: origin },
  };
};

/** The instance's own limits (`GET /api/v2/instance`), Mastodon's defaults where it does not say or cannot be read. */
export const readMastodonLimits = async (origin: string): Promise<MastodonLimits> => {
  try {
    const { body } = await request(ctx, `${origin}/api/v2/instance`, { outbound: true });
    const statuses = (body.configuration as { statuses?: Record<string, unknown> } | undefined)?.statuses ?? {};
    const positive = (v: unknown, fallback: number) => (typeof v === "number" && Number.isInteger(v) && v > 0 ? v : fallback);
    return {
      maxCharacters: positive(statuses.max_characters, DEFAULT_MASTODON_LIMITS.maxCharacters),
      maxMedia: positive(statuses.max_media_attachments, DEFAULT_MASTODON_LIMITS.maxMedia),
    };
  } catch {
    // Older servers and GoToSocial lack v2/instance: the defaults hold, and the connection goes on.
    return DEFAULT_MASTODON_LIMITS;
  }
};
