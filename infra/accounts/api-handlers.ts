import { generateCodeVerifier, generateState } from "arctic";
import { Cause, Context, Duration, Effect, Exit } from "effect";
import { HttpServerRequest, HttpServerResponse } from "effect/http";
import type { HttpApiBuilder } from "effect/http-api";
import { refusalOf } from "../../domain/access";
import { normalizePlatformId, type PlatformId, platformById } from "../../domain/accounts";
import { ConnectionFailed, InvalidInput, NotFound, notSetUp } from "../../domain/shared";
import { SqlError } from "../db/Database";
import { callerOf } from "../identity/current-user";
import { logger } from "../log";
import { adapterOf, connectBluesky, connectDiscord, connectTelegram, connectablePlatforms, type InstanceFlow, oauthPlatform, validateListingUrl } from "../platforms";
import { EdgeRequest, Requires } from "../web/api/guard";
import { redirectWithFlash } from "../web/flash";
import type { AccountConnectionsApi, AccountsApi } from "./api";
import { CONNECTION_FAILED_MESSAGE, CONNECTION_FAILED_TITLE, connectedToast } from "./connected-toasts";
import { OAUTH_FLOW_COOKIE, OAUTH_FLOW_MAX_AGE_SECONDS, OAUTH_FLOW_PATH, type OAuthFlow, readFlow, redirectUriFor } from "./oauth-flow";
import { config } from "../config";
import { codeChallengeOf, instanceApp, keepInstanceLimits, knownInstanceApp } from "./mastodon";
import { sandboxProfile } from "./sandbox";
import { type NewConnection, SocialAccounts } from "./SocialAccounts";
import { onService } from "../web/api/handlers";

/** Runs an operation as the guard's caller; a database failure is the server's, answered 500 (never declared). */
const asCaller = onService(SocialAccounts);


/** A platform's check of what the person gave; its refusal (a PlatformError's sentence) answers 400. */
const signIn = <A>(check: () => Promise<A>) =>
  Effect.tryPromise({ try: check, catch: (error) => new ConnectionFailed({ message: error instanceof Error ? error.message : CONNECTION_FAILED_MESSAGE }) });

const connect = (connection: NewConnection) => asCaller((accounts, caller) => Effect.map(accounts.connect(caller, connection), ({ account }) => account));

/** The connected accounts operations (./api.ts) on the SocialAccounts service. */
export const accountsHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof AccountsApi>) =>
  handlers
    .handle("list", () => asCaller((accounts, caller) => accounts.list(caller.workspaceId)))
    .handle("get", ({ params }) => asCaller((accounts, caller) => accounts.get(caller.workspaceId, params.id)))
    .handle("connectPlaceholder", ({ payload }) =>
      asCaller((accounts, caller) =>
        Effect.gen(function* () {
          const { platform, accountName, followers, metadata, isActive } = payload;
          const { account } = yield* accounts.connect(caller, {
            platform,
            kind: "sandbox",
            profile: sandboxProfile(accountName, followers, metadata),
            credentials: null,
            tokenExpiresAt: null,
          });
          return isActive === false ? yield* accounts.setActive(caller, account.id, false) : account;
        }),
      ),
    )
    .handle("connectSandbox", ({ payload }) =>
      connect({
        platform: payload.platform,
        kind: "sandbox",
        profile: sandboxProfile(payload.accountName, 0, payload.businessKind ? { businessKind: payload.businessKind } : {}),
        credentials: null,
        tokenExpiresAt: null,
      }),
    )
    .handle("connectBluesky", ({ payload }) =>
      Effect.gen(function* () {
        const { identifier, appPassword, service = "https://bsky.social" } = payload;
        const signedIn = yield* signIn(() => connectBluesky({ identifier, appPassword, service }));
        return yield* connect({
          platform: "bluesky",
          kind: "bluesky",
          profile: { ...signedIn.profile, metadata: { ...signedIn.profile.metadata, service } },
          // The session (renewed with resumeBluesky) and the app password, to sign in again if it lapses.
          credentials: { ...signedIn.session, identifier, appPassword },
          tokenExpiresAt: null,
        });
      }),
    )
    .handle("connectTelegram", ({ payload }) =>
      Effect.gen(function* () {
        const channel = yield* signIn(() => connectTelegram(payload));
        return yield* connect({ platform: "telegram", kind: "telegram", profile: { ...channel.profile, metadata: channel.profile.metadata ?? {} }, credentials: channel.credentials, tokenExpiresAt: null });
      }),
    )
    .handle("connectDiscord", ({ payload }) =>
      Effect.gen(function* () {
        const channel = yield* signIn(() => connectDiscord(payload));
        return yield* connect({ platform: "discord", kind: "discord", profile: { ...channel.profile, metadata: channel.profile.metadata ?? {} }, credentials: channel.credentials, tokenExpiresAt: null });
      }),
    )
    .handle("connectListing", ({ payload }) =>
      Effect.gen(function* () {
        const { platform, url } = payload;
        if (platformById(platform).connection !== "listing") {
          return yield* new InvalidInput({
            message: `${platformById(platform).name} connects by signing in, not by a profile address.`,
            fields: { platform: "Choose a review site or Snapchat." },
          });
        }
        const checked = validateListingUrl(platform, url);
        if (!checked.ok) return yield* new InvalidInput({ message: checked.message, fields: { url: checked.message } });
        return yield* connect({
          platform,
          kind: "listing",
          profile: {
            externalId: checked.url,
            accountName: checked.accountName,
            username: null,
            avatarUrl: null,
            followers: 0,
            profileUrl: checked.url,
            metadata: {},
          },
          credentials: null,
          tokenExpiresAt: null,
        });
      }),
    )
    .handle("setActive", ({ params, payload }) =>
      asCaller((accounts, caller) => accounts.setActive(caller, params.id, payload.isActive)),
    )
    .handle("disconnect", ({ params }) =>
      asCaller((accounts, caller) => Effect.as(accounts.disconnect(caller, params.id), { ok: true as const, message: "Account disconnected successfully!" })),
    )
    .handle("platforms", () =>
      Effect.map(EdgeRequest, (edge) => connectablePlatforms({ seesServerSettings: Boolean(edge.user?.isOperator) && !edge.demo })),
    );

const BACK = "/app/connect-accounts";
const SIGN_IN_FIRST = `/login?next=${encodeURIComponent(BACK)}`;

/**
 * The connection operations' caller: a signed-in person (else `null`: the browser is sent to sign
 * in) whom the one authorization point lets do what the endpoint declares (`Requires`; else 403).
 */
const signedInCaller = (endpoint: { readonly annotations: Context.Context<never> }) =>
  Effect.gen(function* () {
    const edge = yield* EdgeRequest;
    if (!edge.user) return null;
    const caller = callerOf(edge.user, { now: new Date(), correlationId: edge.correlationId, causationId: null });
    const refusal = refusalOf(caller, Context.getOrUndefined(endpoint.annotations, Requires) ?? {});
    if (refusal) return yield* refusal;
    return caller;
  });

/** The OAuth operations' caller: as above, for a platform this server connects by OAuth (else 404). */
const oauthCaller = (platformParam: string, endpoint: { readonly annotations: Context.Context<never> }) =>
  Effect.gen(function* () {
    const platform = normalizePlatformId(platformParam);
    const adapter = platform ? oauthPlatform(platform) : null;
    if (!platform || !adapter) return yield* new NotFound({ what: "page" });
    const caller = yield* signedInCaller(endpoint);
    return caller ? { platform, adapter, caller } : null;
  });

/** Mastodon's flow: the steps its provider declares (the catalogue connects it by instance). */
const mastodonFlow = (): InstanceFlow => {
  const connect = adapterOf("mastodon")!.connect;
  if (connect.kind !== "instance") throw new Error("Mastodon connects by instance");
  return connect.flow;
};

const connectionFailed = (description: string) => redirectWithFlash(BACK, { title: CONNECTION_FAILED_TITLE, description, variant: "destructive" });

const isHttps = (request: HttpServerRequest.HttpServerRequest) =>
  request.headers["x-forwarded-proto"] === "https" || /^https:/i.test(request.originalUrl);

/** The browser to the platform's consent page, the flow kept in its cookie for the callback. */
const toPlatform = (url: URL, flow: OAuthFlow) =>
  Effect.map(HttpServerRequest.HttpServerRequest, (request) =>
    HttpServerResponse.redirect(url.href, { status: 302 }).pipe(
      HttpServerResponse.setCookieUnsafe(OAUTH_FLOW_COOKIE, JSON.stringify(flow), {
        httpOnly: true,
        sameSite: "lax",
        secure: isHttps(request),
        path: OAUTH_FLOW_PATH,
        maxAge: Duration.seconds(OAUTH_FLOW_MAX_AGE_SECONDS),
      }),
    ),
  );

/** A connection's outcome: Connect Accounts with "connected", the typed failure's sentence, or (logged) the generic one. */
const outcome = <A, E>(platform: PlatformId, exit: Exit.Exit<A, E>) => {
  if (Exit.isSuccess(exit)) return redirectWithFlash(BACK, connectedToast(platform));
  // Typed failures carry a message for the person (the platform's refusal, the plan's limit); others are logged.
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag === "Some" && !(failure.value instanceof SqlError) && typeof failure.value === "object" && failure.value !== null && "message" in failure.value) {
    return connectionFailed(String(failure.value.message));
  }
  logger.error({ platform, cause: Cause.pretty(exit.cause) }, "Connection failed");
  return connectionFailed(CONNECTION_FAILED_MESSAGE);
};

/** The OAuth operations (./api.ts): redirects, with the flow's cookie and the outcome's toast. */
export const accountConnectionsHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof AccountConnectionsApi>) =>
  handlers
    .handle("start", ({ params, endpoint }) =>
      Effect.gen(function* () {
        const signedIn = yield* oauthCaller(params.platform, endpoint);
        if (!signedIn) return HttpServerResponse.redirect(SIGN_IN_FIRST, { status: 302 });
        const { platform, adapter } = signedIn;
        const missing = adapter.missingVariables();
        if (missing.length > 0) {
          logger.warn({ platform, missing }, `${platformById(platform).name} needs ${missing.join(" and ")} to connect accounts`);
          return connectionFailed(notSetUp(`Connecting ${platformById(platform).name}`));
        }
        const flow = { platform, state: generateState(), codeVerifier: generateCodeVerifier() };
        return yield* toPlatform(adapter.authorizationUrl({ ...flow, redirectUri: redirectUriFor(platform) }), flow);
      }),
    )
    .handle("callback", ({ params, query, endpoint }) =>
      Effect.gen(function* () {
        const signedIn = yield* oauthCaller(params.platform, endpoint);
        if (!signedIn) return HttpServerResponse.redirect(SIGN_IN_FIRST, { status: 302 });
        const { platform, adapter, caller } = signedIn;
        const request = yield* HttpServerRequest.HttpServerRequest;
        // The flow is used once: its cookie is forgotten whatever the outcome.
        const flow = readFlow(request.cookies[OAUTH_FLOW_COOKIE]);
        const forget = HttpServerResponse.expireCookieUnsafe(OAUTH_FLOW_COOKIE, { path: OAUTH_FLOW_PATH });
        const name = platformById(platform).name;
        if (query.error) return forget(connectionFailed(`${name} did not grant access (${query.error_description ?? query.error}).`));
        const code = query.code;
        if (!flow || flow.platform !== platform || flow.state !== query.state || !code) {
          return forget(connectionFailed(`The sign-in with ${name} expired or was started in another window. Please try again.`));
        }
        const exit = yield* Effect.exit(
          Effect.gen(function* () {
            const connected = yield* Effect.tryPromise({
              try: async () => {
                const tokens = await adapter.exchangeCode({ code, codeVerifier: flow.codeVerifier, redirectUri: redirectUriFor(platform) });
                return { tokens, profile: await adapter.fetchProfile(tokens) };
              },
              catch: (error) => new ConnectionFailed({ message: error instanceof Error ? error.message : CONNECTION_FAILED_MESSAGE }),
            });
            return yield* (yield* SocialAccounts).connect(caller, {
              platform,
              kind: "oauth",
              profile: { ...connected.profile, metadata: connected.profile.metadata ?? {} },
              credentials: connected.tokens,
              tokenExpiresAt: connected.tokens.expiresAt,
            });
          }),
        );
        return forget(outcome(platform, exit));
      }),
    )
    .handle("mastodonStart", ({ query, endpoint }) =>
      Effect.gen(function* () {
        const caller = yield* signedInCaller(endpoint);
        if (!caller) return HttpServerResponse.redirect(SIGN_IN_FIRST, { status: 302 });
        const flow = mastodonFlow();
        const instance = flow.parse(query.instance);
        if (!instance.ok) return connectionFailed(instance.message);
        const redirectUri = redirectUriFor("mastodon");
        const app = yield* Effect.exit(instanceApp(flow, instance.origin, redirectUri, config().publicUrl));
        if (Exit.isFailure(app)) return outcome("mastodon", app);
        const started = { platform: "mastodon" as const, state: generateState(), codeVerifier: generateCodeVerifier(), instance: instance.origin };
        const url = flow.authorizationUrl({ origin: instance.origin, app: app.value, redirectUri, state: started.state, codeChallenge: codeChallengeOf(started.codeVerifier) });
        return yield* toPlatform(url, started);
      }),
    )
    .handle("mastodonCallback", ({ query, endpoint }) =>
      Effect.gen(function* () {
        const caller = yield* signedInCaller(endpoint);
        if (!caller) return HttpServerResponse.redirect(SIGN_IN_FIRST, { status: 302 });
        const request = yield* HttpServerRequest.HttpServerRequest;
        const started = readFlow(request.cookies[OAUTH_FLOW_COOKIE]);
        const forget = HttpServerResponse.expireCookieUnsafe(OAUTH_FLOW_COOKIE, { path: OAUTH_FLOW_PATH });
        if (query.error) return forget(connectionFailed(`Mastodon did not grant access (${query.error_description ?? query.error}).`));
        const code = query.code;
        const origin = started?.instance;
        if (!started || started.platform !== "mastodon" || !origin || started.state !== query.state || !code) {
          return forget(connectionFailed("The sign-in with Mastodon expired or was started in another window. Please try again."));
        }
        const flow = mastodonFlow();
        const redirectUri = redirectUriFor("mastodon");
        const exit = yield* Effect.exit(
          Effect.gen(function* () {
            const app = yield* knownInstanceApp(origin, redirectUri);
            if (!app) return yield* new ConnectionFailed({ message: "The sign-in with Mastodon expired. Please try again." });
            const { profile, limits, accessToken } = yield* Effect.tryPromise({
              try: async () => {
                const accessToken = await flow.exchangeCode({ origin, app, code, codeVerifier: started.codeVerifier, redirectUri });
                return { accessToken, profile: await flow.readAccount(origin, accessToken), limits: await flow.readLimits(origin) };
              },
              catch: (error) => new ConnectionFailed({ message: error instanceof Error ? error.message : CONNECTION_FAILED_MESSAGE }),
            });
            yield* keepInstanceLimits(origin, limits);
            return yield* (yield* SocialAccounts).connect(caller, {
              platform: "mastodon",
              kind: "oauth",
              // The instance's limits travel with the account: compose counts and checks against them.
              profile: { ...profile, metadata: { ...profile.metadata, instance: origin, maxCharacters: limits.maxCharacters, maxMedia: limits.maxMedia } },
              // Mastodon's tokens do not expire and come without a refresh token.
              credentials: { accessToken, refreshToken: null, expiresAt: null, instance: origin },
              tokenExpiresAt: null,
            });
          }),
        );
        return forget(outcome("mastodon", exit));
      }),
    );
