import { createHash } from "node:crypto";
import { Effect } from "effect";
import { ConnectionFailed } from "../../domain/shared";
import { Database } from "../db/Database";
import type { InstanceFlow } from "../platforms";
import { decryptSecret, encryptSecret } from "../platforms/crypto";
import { CONNECTION_FAILED_MESSAGE } from "./connected-toasts";

/**
 * SocialDesk's app at each Mastodon instance: registered on the first connection to the instance
 * (for this server's redirect URI), kept (client id and secret encrypted like tokens) and used by
 * every later connection; and the instance's limits, read again at each connection.
 */

export interface InstanceApp {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** A platform's refusal as the person reads it (its sentences name the instance and what to do). */
const refusal = (error: unknown) => new ConnectionFailed({ message: error instanceof Error ? error.message : CONNECTION_FAILED_MESSAGE });

const storedApp = (origin: string, redirectUri: string) =>
  Effect.map(
    Database.use((db) =>
      db.query(
        (sql) => sql<{ client_id: string; client_secret: string }[]>`
          select client_id, client_secret from mastodon_instances where origin = ${origin} and redirect_uri = ${redirectUri}`,
      ),
    ),
    ([row]) => (row ? { clientId: decryptSecret(row.client_id), clientSecret: decryptSecret(row.client_secret) } : null),
  );

/** The app registered at the instance for this redirect URI, registering it there the first time. */
export const instanceApp = Effect.fn("Accounts.instanceApp")(function* (flow: InstanceFlow, origin: string, redirectUri: string, website: string) {
  const known = yield* storedApp(origin, redirectUri);
  if (known) return known;
  const registered = yield* Effect.tryPromise({ try: () => flow.register(origin, redirectUri, website), catch: refusal });
  // Two first connections at once: the first registration kept is the one everyone uses.
  yield* Database.use((db) =>
    db.query(
      (sql) => sql`
        insert into mastodon_instances (origin, redirect_uri, client_id, client_secret)
        values (${origin}, ${redirectUri}, ${encryptSecret(registered.clientId)}, ${encryptSecret(registered.clientSecret)})
        on conflict (origin, redirect_uri) do nothing`,
    ),
  );
  return (yield* storedApp(origin, redirectUri)) ?? registered;
});

/** The app of a connection under way (registered when it started), or null when it is gone. */
export const knownInstanceApp = storedApp;

/** Keeps what the instance said of its limits at this connection. */
export const keepInstanceLimits = (origin: string, limits: { readonly maxCharacters: number; readonly maxMedia: number }) =>
  Database.use((db) =>
    db.query(
      (sql) => sql`
        update mastodon_instances set max_characters = ${limits.maxCharacters}, max_media = ${limits.maxMedia}, limits_read_at = now()
        where origin = ${origin}`,
    ),
  );

/** The PKCE S256 challenge of a verifier (RFC 7636). */
export const codeChallengeOf = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");
