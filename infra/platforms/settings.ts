/**
 * OAuth settings of a platform, read from the environment at call time (not at import) so that a
 * test, or an operator changing the environment of a new process, gets what is set now.
 *
 * Naming: `<PREFIX>_CLIENT_ID`, `<PREFIX>_CLIENT_SECRET`, `<PREFIX>_AUTHORIZE_URL`,
 * `<PREFIX>_TOKEN_URL`, `<PREFIX>_API_BASE_URL`, `<PREFIX>_SCOPES`, plus a few extra endpoints
 * some platforms need (see README.md). The prefix is the platform id in capitals
 * (GOOGLE_BUSINESS for google_business).
 */

export interface EndpointDefaults {
  readonly authorizeUrl: string;
  readonly tokenUrl: string;
  readonly apiBaseUrl: string;
  /** More endpoints by name; each is overridden by `<PREFIX>_<NAME>_URL`. */
  readonly extra?: Readonly<Record<string, string>>;
}

export interface SettingsSpec {
  readonly prefix: string;
  readonly endpoints: EndpointDefaults;
  readonly scopes: ReadonlyArray<string>;
  /** Another prefix whose client id and secret serve when this platform's own are unset (GOOGLE for YouTube and Business Profile). */
  readonly sharedClientPrefix?: string;
}

export interface OAuthSettings {
  readonly clientId: string | null;
  readonly clientSecret: string | null;
  readonly authorizeUrl: string;
  readonly tokenUrl: string;
  readonly apiBaseUrl: string;
  readonly extra: Readonly<Record<string, string>>;
  readonly scopes: ReadonlyArray<string>;
  /** The variables to set for the platform to work; empty when configured. */
  readonly missing: ReadonlyArray<string>;
}

const value = (env: NodeJS.ProcessEnv, name: string): string | null => {
  const v = env[name]?.trim();
  return v ? v : null;
};

/** Base URLs are joined with paths, so a trailing slash would double up. */
const base = (url: string) => url.replace(/\/+$/, "");

export const readSettings = (spec: SettingsSpec, env: NodeJS.ProcessEnv = process.env): OAuthSettings => {
  const p = spec.prefix;
  const shared = spec.sharedClientPrefix;
  const clientId = value(env, `${p}_CLIENT_ID`) ?? (shared ? value(env, `${shared}_CLIENT_ID`) : null);
  const clientSecret = value(env, `${p}_CLIENT_SECRET`) ?? (shared ? value(env, `${shared}_CLIENT_SECRET`) : null);
  const missing: string[] = [];
  if (!clientId) missing.push(`${p}_CLIENT_ID`);
  if (!clientSecret) missing.push(`${p}_CLIENT_SECRET`);
  const scopes = value(env, `${p}_SCOPES`)?.split(/[\s,]+/).filter(Boolean) ?? spec.scopes;
  const extra: Record<string, string> = {};
  for (const [name, url] of Object.entries(spec.endpoints.extra ?? {})) {
    extra[name] = base(value(env, `${p}_${name}_URL`) ?? url);
  }
  return {
    clientId,
    clientSecret,
    authorizeUrl: value(env, `${p}_AUTHORIZE_URL`) ?? spec.endpoints.authorizeUrl,
    tokenUrl: value(env, `${p}_TOKEN_URL`) ?? spec.endpoints.tokenUrl,
    apiBaseUrl: base(value(env, `${p}_API_BASE_URL`) ?? spec.endpoints.apiBaseUrl),
    extra,
    scopes,
    missing,
  };
};
