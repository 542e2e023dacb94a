import { randomBytes } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import { normalizePlatformId, platformById, type PlatformId } from "../../domain/accounts/platforms";
import {
  checkPlatformAppInput,
  clearPlatformApp,
  configurePlatformApp,
  platformAppDecider,
  platformAppFields,
  type PlatformAppInput,
  platformAppStreamId,
} from "../../domain/platform-apps";
import { actorIdOf, type Caller, type ConcurrencyConflict, type InvalidInput, NotFound } from "../../domain/shared";
import { redirectUriFor } from "../accounts/oauth-flow";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";
import { historyNameOf, peopleByIdOf } from "../identity/queries";
import { logger } from "../log";
import { decryptSecret, encryptSecret, OAUTH_DEFINITIONS, oauthPlatform, PlatformError } from "../platforms";
import { callContext, tokenRequest, type TokenRequest } from "../platforms/http";
import type { OAuthDefinition } from "../platforms/oauth";
import { type ConsoleApp, readSettings, useConsoleApps } from "../platforms/settings";
import { type ClientCredentialsGrant, guideOf } from "./guides";

/** The channel the `platform_apps` trigger (migration 0048) notifies on every change. */
export const PLATFORM_APP_CHANNEL = "platform_app_changed";

/** A platform as `GET /api/admin/platforms` and the console show it: never a secret. */
export interface PlatformAppView {
  readonly platform: PlatformId;
  readonly name: string;
  readonly configured: boolean;
  readonly source: "env" | "console" | null;
  readonly redirectUri: string;
  readonly scopes: ReadonlyArray<string>;
  /** The last four characters of the client id in use, to tell apps apart; null when there is none. */
  readonly clientIdHint: string | null;
  /** The extra fields the platform's app has (domain/platform-apps/rules.ts). */
  readonly fields: ReadonlyArray<string>;
  readonly consoleUrl: string;
  readonly steps: ReadonlyArray<string>;
  /** The environment variables that take its client id and secret (and win over the console). */
  readonly variables: ReadonlyArray<string>;
  /** What the console holds for it (even while the environment wins), or null. */
  readonly saved: {
    readonly clientId: string;
    /** The extra fields saved, by name. */
    readonly fields: ReadonlyArray<string>;
    readonly updatedAt: string;
    readonly updatedBy: string;
  } | null;
}

export interface PlatformAppCheck {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
}

export interface PlatformAppCheckResult {
  readonly platform: PlatformId;
  readonly checks: ReadonlyArray<PlatformAppCheck>;
  /** What could not be checked without a person signing in, in a sentence. */
  readonly unchecked: string;
}

interface AppRow {
  platform: string;
  client_id: string;
  secret_encrypted: string;
  extras: Record<string, string>;
  updated_at: Date;
  updated_by: string | null;
}

/** An OAuth platform's definition by its id (`x` as twitter), or null for any other name. */
const definitionOf = (platform: string): OAuthDefinition | null => {
  const id = normalizePlatformId(platform);
  return OAUTH_DEFINITIONS.find((d) => d.platform === id) ?? null;
};

const hint = (clientId: string | null) => (clientId ? `…${clientId.slice(-4)}` : null);

/** The request of a platform's client credentials grant, as its documentation writes it. */
const grantRequest = (grant: ClientCredentialsGrant, tokenUrl: string, clientId: string, clientSecret: string): TokenRequest => {
  switch (grant) {
    case "basic":
      return { method: "POST", url: tokenUrl, params: { grant_type: "client_credentials" }, basic: { username: clientId, password: clientSecret } };
    case "body-client-key":
      return { method: "POST", url: tokenUrl, params: { client_key: clientId, client_secret: clientSecret, grant_type: "client_credentials" } };
    case "query":
      return { method: "GET", url: tokenUrl, params: { client_id: clientId, client_secret: clientSecret, grant_type: "client_credentials" } };
  }
};

/**
 * The platforms' OAuth apps an operator saves in the console (issue 32): recorded as events with
 * the secrets encrypted, and this process's copy of them (`readSettings` reads it synchronously),
 * loaded when the layer is built and reloaded on every `platform_app_changed` notification, so
 * every web server and worker uses a change at once, without a restart.
 */
export class PlatformApps extends Context.Service<
  PlatformApps,
  {
    readonly list: () => Effect.Effect<ReadonlyArray<PlatformAppView>, SqlError>;
    readonly configure: (caller: Caller, platform: string, input: PlatformAppInput) => Effect.Effect<PlatformAppView, NotFound | InvalidInput | SqlError | ConcurrencyConflict>;
    readonly clear: (caller: Caller, platform: string) => Effect.Effect<void, NotFound | SqlError | ConcurrencyConflict>;
    readonly check: (platform: string) => Effect.Effect<PlatformAppCheckResult, NotFound>;
    /** Reloads this process's copy from the read model (what a notification does). */
    readonly reload: () => Effect.Effect<void, SqlError>;
  }
>()("app/PlatformApps") {
  static layer = Layer.effect(
    PlatformApps,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;

      const rows = () => db.query((sql) => sql<AppRow[]>`select platform, client_id, secret_encrypted, extras, updated_at, updated_by from platform_apps order by platform`);

      /** The saved secrets already reported as undecryptable: each is logged once, not on every reload. */
      const reported = new Set<string>();

      const reload = Effect.fn("PlatformApps.reload")(function* () {
        const apps = new Map<string, ConsoleApp>();
        for (const row of yield* rows()) {
          const platform = normalizePlatformId(row.platform);
          if (!platform) continue;
          try {
            const extras: Record<string, string> = {};
            for (const field of platformAppFields(platform)) {
              const value = row.extras[field.name];
              if (value) extras[field.name] = field.secret ? decryptSecret(value) : value;
            }
            apps.set(platform, { clientId: row.client_id, clientSecret: decryptSecret(row.secret_encrypted), extras });
          } catch (error) {
            // Another token key than the one it was saved with: the platform reads as not configured until it is saved again.
            if (reported.has(row.secret_encrypted)) continue;
            reported.add(row.secret_encrypted);
            logger.warn({ platform: row.platform, err: error }, "Platform apps: a saved app could not be decrypted with the token key");
          }
        }
        useConsoleApps(apps);
      });

      const ensureReloaded = () => reload().pipe(Effect.catch((error) => Effect.sync(() => logger.warn({ err: error }, "Platform apps: could not load the console's apps"))));
      yield* ensureReloaded();
      const listening = yield* Effect.promise(() =>
        db.pool
          .listen(PLATFORM_APP_CHANNEL, () => void Effect.runPromise(ensureReloaded()), () => void Effect.runPromise(ensureReloaded()))
          .then((meta) => meta as { unlisten: () => Promise<void> } | null)
          .catch((error: unknown) => {
            logger.warn({ err: error }, "Platform apps: could not listen to the database; changes from other processes need a restart");
            return null;
          }),
      );
      yield* Effect.addFinalizer(() =>
        Effect.promise(async () => {
          useConsoleApps(new Map());
          await listening?.unlisten().catch(() => undefined);
        }),
      );

      const list = Effect.fn("PlatformApps.list")(function* () {
        const saved = new Map((yield* rows()).map((row) => [row.platform, row]));
        const people = yield* peopleByIdOf([...saved.values()].flatMap((row) => (row.updated_by ? [row.updated_by] : []))).pipe(Effect.provideService(Database, db));
        return OAUTH_DEFINITIONS.map((definition): PlatformAppView => {
          const settings = readSettings(definition);
          const guide = guideOf(definition.platform);
          const row = saved.get(definition.platform);
          return {
            platform: definition.platform,
            name: platformById(definition.platform).name,
            configured: settings.missing.length === 0,
            source: settings.source,
            redirectUri: redirectUriFor(definition.platform),
            scopes: settings.scopes,
            clientIdHint: hint(settings.clientId),
            fields: platformAppFields(definition.platform).map((f) => f.name),
            consoleUrl: guide.consoleUrl,
            steps: guide.steps,
            variables: [`${definition.prefix}_CLIENT_ID`, `${definition.prefix}_CLIENT_SECRET`],
            saved: row
              ? {
                  clientId: row.client_id,
                  fields: Object.keys(row.extras),
                  updatedAt: row.updated_at.toISOString(),
                  updatedBy: historyNameOf(row.updated_by ? people.get(row.updated_by) : undefined),
                }
              : null,
          };
        });
      });

      const known = (platform: string) => {
        const definition = definitionOf(platform);
        return definition ? Effect.succeed(definition) : Effect.fail(new NotFound({ what: "platform" }));
      };

      const configure = Effect.fn("PlatformApps.configure")(function* (caller: Caller, platform: string, input: PlatformAppInput) {
        const definition = yield* known(platform);
        const id = definition.platform;
        const fields = platformAppFields(id);
        yield* handleCommand(
          platformAppStreamId(id),
          platformAppDecider,
          (state) =>
            Effect.flatMap(checkPlatformAppInput(id, input, state), (checked) => {
              const extras: Record<string, string> = {};
              for (const field of fields) {
                const value = checked.extras[field.name];
                if (value) extras[field.name] = field.secret ? encryptSecret(value) : value;
              }
              return configurePlatformApp({
                platform: id,
                clientId: checked.clientId!,
                secretEncrypted: checked.clientSecret === undefined ? undefined : encryptSecret(checked.clientSecret),
                extras,
              })(state);
            }),
          { ctx: caller, workspaceId: null },
        ).pipe(Effect.provideService(EventStore, store));
        // This process at once; the others when the trigger's notification reaches them.
        yield* reload();
        logger.info({ platform: id, by: actorIdOf(caller.actor) }, "Platform apps: an operator saved the app in the console");
        return (yield* list()).find((view) => view.platform === id)!;
      });

      const clear = Effect.fn("PlatformApps.clear")(function* (caller: Caller, platform: string) {
        const definition = yield* known(platform);
        yield* handleCommand(platformAppStreamId(definition.platform), platformAppDecider, clearPlatformApp(definition.platform), {
          ctx: caller,
          workspaceId: null,
        }).pipe(Effect.provideService(EventStore, store));
        yield* reload();
        logger.info({ platform: definition.platform, by: actorIdOf(caller.actor) }, "Platform apps: an operator cleared the app in the console");
      });

      const check = Effect.fn("PlatformApps.check")(function* (platform: string) {
        const definition = yield* known(platform);
        const id = definition.platform;
        const name = platformById(id).name;
        const guide = guideOf(id);
        const settings = readSettings(definition);
        const person = "Whether the redirect URI is registered at the platform and the scopes are granted shows only when a person connects an account: try it on Connect Accounts.";
        if (!settings.clientId || !settings.clientSecret) {
          return {
            platform: id,
            checks: [{ name: "settings", ok: false, detail: `${name} has no client id and secret on this server yet: save them first.` }],
            unchecked: person,
          } satisfies PlatformAppCheckResult;
        }
        const checks: PlatformAppCheck[] = [];
        try {
          const url = oauthPlatform(id)!.authorizationUrl({ state: "check", codeVerifier: randomBytes(32).toString("base64url"), redirectUri: redirectUriFor(id) });
          const carries = url.searchParams.get(guide.clientIdLabel ? "client_key" : "client_id") === settings.clientId;
          checks.push({
            name: "authorize",
            ok: carries,
            detail: carries
              ? `The sign-in address builds: ${url.origin}${url.pathname}, with the client id ${hint(settings.clientId)} and the redirect URI.`
              : "The sign-in address builds, but without the client id.",
          });
        } catch {
          checks.push({ name: "authorize", ok: false, detail: "The sign-in address could not be built from these settings." });
        }
        if (guide.grant) {
          const ctx = callContext(id);
          const outcome = yield* Effect.promise(() =>
            tokenRequest(ctx, "exchange", grantRequest(guide.grant!, settings.tokenUrl, settings.clientId!, settings.clientSecret!)).then(
              (): PlatformAppCheck => ({ name: "credentials", ok: true, detail: `${name} accepted the client id and secret (client credentials grant).` }),
              (error: unknown): PlatformAppCheck => ({
                name: "credentials",
                ok: false,
                detail:
                  error instanceof PlatformError && error.kind === "invalid_credentials"
                    ? `${name} refused the client id and secret${error.status ? ` (HTTP ${error.status})` : ""}: copy them again from its developer console.`
                    : error instanceof PlatformError
                      ? error.message
                      : `Could not reach ${name}. Please try again in a few minutes.`,
              }),
            ),
          );
          checks.push(outcome);
        }
        return {
          platform: id,
          checks,
          unchecked: guide.grant ? person : `${name} offers no way to check a client secret without a person signing in. ${person}`,
        } satisfies PlatformAppCheckResult;
      });

      return { list, configure, clear, check, reload };
    }),
  );
}
