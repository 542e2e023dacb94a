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

/** Where a platform's client id and secret come from: its environment variables, the operators' console, or nowhere yet. */
export type SettingsSource = "env" | "console" | null;

/** A platform app an operator saved in the console (/admin/platforms), its secrets decrypted: this process's copy. */
export interface ConsoleApp {
  readonly clientId: string;
  readonly clientSecret: string;
  /** The platform's extra fields by name (Meta's webhook app secret), decrypted. */
  readonly extras: Readonly<Record<string, string>>;
}

/**
 * The console's apps by prefix, kept per process so that `readSettings` stays synchronous: loaded
 * when the app's runtime starts and replaced whenever the database announces a change
 * (infra/platform-apps). Empty until then, and in unit tests.
 */
let consoleApps: ReadonlyMap<string, ConsoleApp> = new Map();

/** Replaces this process's copy of the console's apps (by platform id). */
export const useConsoleApps = (apps: ReadonlyMap<string, ConsoleApp>) => {
  consoleApps = new Map([...apps].map(([platform, app]) => [platform.toUpperCase(), app]));
};

/** The console's app of a prefix (FACEBOOK, GOOGLE_BUSINESS), if an operator saved one. */
export const consoleAppOf = (prefix: string): ConsoleApp | null => consoleApps.get(prefix) ?? null;

export interface OAuthSettings {
  /** Where the client id and secret below come from; environment variables win over the console. */
  readonly source: SettingsSource;
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
  const envId = value(env, `${p}_CLIENT_ID`) ?? (shared ? value(env, `${shared}_CLIENT_ID`) : null);
  const envSecret = value(env, `${p}_CLIENT_SECRET`) ?? (shared ? value(env, `${shared}_CLIENT_SECRET`) : null);
  // The environment wins as a pair: a client id from one place and a secret from the other never meet.
  const fromConsole = envId || envSecret ? null : consoleAppOf(p);
  const clientId = fromConsole?.clientId ?? envId;
  const clientSecret = fromConsole?.clientSecret ?? envSecret;
  const source: SettingsSource = fromConsole ? "console" : envId && envSecret ? "env" : null;
  const missing: string[] = [];
  if (!clientId) missing.push(`${p}_CLIENT_ID`);
  if (!clientSecret) missing.push(`${p}_CLIENT_SECRET`);
  const scopes = value(env, `${p}_SCOPES`)?.split(/[\s,]+/).filter(Boolean) ?? spec.scopes;
  const extra: Record<string, string> = {};
  for (const [name, url] of Object.entries(spec.endpoints.extra ?? {})) {
    extra[name] = base(value(env, `${p}_${name}_URL`) ?? url);
  }
  return {
    source,
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
