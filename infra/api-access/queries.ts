import { Effect } from "effect";
import { isUuid } from "../../domain/shared";
import { Database } from "../db/Database";

/** The names of these API keys, by id, revoked ones too (what the audit trail names a key's changes with). */
export const apiKeyNamesOf = (ids: ReadonlyArray<string>) =>
  ids.length === 0
    ? Effect.succeed(new Map<string, string>())
    : Database.use((db) =>
        db.query((sql) => sql<{ id: string; name: string }[]>`select id, name from api_keys where id = any(${[...new Set(ids.filter(isUuid))]}::uuid[])`),
      ).pipe(Effect.map((rows) => new Map(rows.map((row) => [row.id, row.name]))));

const API_KEY_VIA = "api_key:";

/** The API key an event's `via` names (`api_key:{id}`), or undefined for none. */
export const apiKeyIdOfVia = (via: string | null | undefined): string | undefined => (via?.startsWith(API_KEY_VIA) ? via.slice(API_KEY_VIA.length) : undefined);

/** Who acted, as people read it: the person, or "API key ‘Zapier’ (created by Maria)" when their key did (`keyName` undefined: a key no longer known). */
export const actingAs = (person: string, keyId: string | undefined, keyName: string | undefined): string =>
  keyId === undefined ? person : `${keyName === undefined ? "An API key" : `API key ‘${keyName}’`} (created by ${person})`;
