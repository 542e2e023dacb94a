import {
  ArcticFetchError,
  CodeChallengeMethod,
  OAuth2Client,
  OAuth2RequestError,
  type OAuth2Tokens,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
} from "arctic";
import type { PlatformId } from "../../domain/accounts/platforms";
import { type CallContext, callContext, fail, invalidResponse, type TokenPhase, tokenRequest, toTokenSet, unreachable } from "./http";
import { type OAuthSettings, readSettings, type SettingsSpec } from "./settings";
import { type OAuthPlatform, PlatformError, type PlatformProfile, type TokenSet } from "./types";
import { notSetUp } from "../../domain/shared";
import { logger } from "../log";

/**
 * One OAuth 2 platform, declared as data plus the few steps that differ. `makeOAuthPlatform` turns
 * it into the OAuthPlatform interface: authorization URL and token calls through arctic's generic
 * OAuth2Client where the platform takes HTTP Basic client authentication, or the same request
 * written by hand where it wants the credentials in the body.
 */
export interface OAuthDefinition extends SettingsSpec {
  readonly platform: PlatformId;
  /** Send a PKCE S256 challenge and verifier (X requires it; Google and TikTok accept it). */
  readonly pkce: boolean;
  /** How the token endpoint wants the client id and secret. */
  readonly clientAuth: "basic" | "body";
  /** TikTok calls the client id `client_key`. */
  readonly clientIdParam?: string;
  readonly scopeSeparator?: " " | ",";
  /** Fixed extra query parameters of the authorization URL (Google's access_type=offline, Reddit's duration=permanent). */
  readonly authorizeParams?: Readonly<Record<string, string>>;
  /** Runs after the code exchange: Meta trades the short-lived token for a long-lived one here. */
  readonly afterExchange?: (flow: Flow, tokens: TokenSet) => Promise<TokenSet>;
  /** Replaces the standard refresh_token grant (Meta renews by exchanging the long-lived token). */
  readonly refresh?: (flow: Flow, refreshToken: string) => Promise<TokenSet>;
  readonly fetchProfile: (flow: Flow, tokens: TokenSet) => Promise<PlatformProfile>;
}

/** What a step of a flow gets: the platform, for messages and errors, and its current settings with a client. */
export interface Flow extends CallContext {
  readonly settings: OAuthSettings & { readonly clientId: string; readonly clientSecret: string };
}

const flowOf = (definition: OAuthDefinition): Flow => {
  const ctx = callContext(definition.platform);
  const settings = readSettings(definition);
  if (!settings.clientId || !settings.clientSecret) {
    logger.warn({ platform: definition.platform, missing: settings.missing }, `${ctx.name} needs ${settings.missing.join(" and ")} to connect accounts`);
    throw fail(ctx, "unavailable", notSetUp(`Connecting ${ctx.name}`));
  }
  return { ...ctx, settings: { ...settings, clientId: settings.clientId, clientSecret: settings.clientSecret } };
};

/** arctic's failures, as PlatformErrors (without the OAuth error description: it may quote the request). */
const fromArctic = (flow: Flow, phase: TokenPhase, error: unknown): PlatformError => {
  if (error instanceof PlatformError) return error;
  if (error instanceof ArcticFetchError) return unreachable(flow);
  const status =
    error instanceof UnexpectedResponseError || error instanceof UnexpectedErrorResponseBodyError ? error.status : undefined;
  if (status !== undefined && (status === 429 || status >= 500)) {
    return fail(flow, "unavailable", `${flow.name} is not responding right now. Please try again later.`, { status });
  }
  if (error instanceof OAuth2RequestError || status !== undefined) {
    const code = error instanceof OAuth2RequestError ? error.code : undefined;
    return phase === "exchange"
      ? fail(flow, "invalid_credentials", `${flow.name} did not accept the sign-in. Please try connecting again.`, { status, code })
      : fail(flow, "refresh_failed", `${flow.name} refused to renew access. Reconnect the account.`, { status, code });
  }
  return invalidResponse(flow, "a token answer");
};

const arcticTokens = async (flow: Flow, phase: TokenPhase, run: () => Promise<OAuth2Tokens>, keep: string | null) => {
  let tokens: OAuth2Tokens;
  try {
    tokens = await run();
  } catch (error) {
    throw fromArctic(flow, phase, error);
  }
  return toTokenSet(flow, tokens.data as Record<string, unknown>, keep);
};

const bodyCredentials = (definition: OAuthDefinition, flow: Flow) => ({
  [definition.clientIdParam ?? "client_id"]: flow.settings.clientId,
  client_secret: flow.settings.clientSecret,
});

export const makeOAuthPlatform = (definition: OAuthDefinition): OAuthPlatform => {
  const separator = definition.scopeSeparator ?? " ";

  const authorizationUrl: OAuthPlatform["authorizationUrl"] = ({ state, codeVerifier, redirectUri }) => {
    const flow = flowOf(definition);
    const client = new OAuth2Client(flow.settings.clientId, flow.settings.clientSecret, redirectUri);
    const scopes = [...flow.settings.scopes];
    const url = definition.pkce
      ? client.createAuthorizationURLWithPKCE(flow.settings.authorizeUrl, state, CodeChallengeMethod.S256, codeVerifier, scopes)
      : client.createAuthorizationURL(flow.settings.authorizeUrl, state, scopes);
    if (scopes.length > 0 && separator !== " ") url.searchParams.set("scope", scopes.join(separator));
    if (definition.clientIdParam) {
      url.searchParams.delete("client_id");
      url.searchParams.set(definition.clientIdParam, flow.settings.clientId);
    }
    for (const [k, v] of Object.entries(definition.authorizeParams ?? {})) url.searchParams.set(k, v);
    return url;
  };

  const exchangeCode: OAuthPlatform["exchangeCode"] = async ({ code, codeVerifier, redirectUri }) => {
    const flow = flowOf(definition);
    const verifier = definition.pkce ? codeVerifier : null;
    let tokens: TokenSet;
    if (definition.clientAuth === "basic") {
      const client = new OAuth2Client(flow.settings.clientId, flow.settings.clientSecret, redirectUri);
      tokens = await arcticTokens(flow, "exchange", () => client.validateAuthorizationCode(flow.settings.tokenUrl, code, verifier), null);
    } else {
      const params: Record<string, string> = {
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        ...bodyCredentials(definition, flow),
      };
      if (verifier !== null) params.code_verifier = verifier;
      tokens = toTokenSet(flow, await tokenRequest(flow, "exchange", { method: "POST", url: flow.settings.tokenUrl, params }));
    }
    return definition.afterExchange ? definition.afterExchange(flow, tokens) : tokens;
  };

  const refresh: OAuthPlatform["refresh"] = async (refreshToken) => {
    const flow = flowOf(definition);
    if (definition.refresh) return definition.refresh(flow, refreshToken);
    if (definition.clientAuth === "basic") {
      const client = new OAuth2Client(flow.settings.clientId, flow.settings.clientSecret, null);
      return arcticTokens(flow, "refresh", () => client.refreshAccessToken(flow.settings.tokenUrl, refreshToken, []), refreshToken);
    }
    const params = { grant_type: "refresh_token", refresh_token: refreshToken, ...bodyCredentials(definition, flow) };
    return toTokenSet(flow, await tokenRequest(flow, "refresh", { method: "POST", url: flow.settings.tokenUrl, params }), refreshToken);
  };

  return {
    platform: definition.platform,
    missingVariables: () => readSettings(definition).missing,
    authorizationUrl,
    exchangeCode,
    refresh,
    // Reading a profile needs only the API address and the token, so it works even while the client is unset.
    fetchProfile: (tokens) => {
      const settings = readSettings(definition);
      const flow: Flow = {
        ...callContext(definition.platform),
        settings: { ...settings, clientId: settings.clientId ?? "", clientSecret: settings.clientSecret ?? "" },
      };
      return definition.fetchProfile(flow, tokens);
    },
  };
};
