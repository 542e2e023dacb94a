import { Context, Effect, Layer } from "effect";
import { Database, type SqlError } from "../db/Database";
import { decryptSecret, encryptSecret } from "../platforms/crypto";

/** How long a key's answer is kept and replayed. */
export const IDEMPOTENCY_HOURS = 24;
/** A first request still running after this long is taken for dead (its process ended mid-request): its key may be used again. */
export const ABANDONED_AFTER_MINUTES = 10;
/** How long a request waits for the first request with its key to finish before it is told to try again (409). */
export const WAIT_FOR_FIRST_MS = 120_000;

/** The answer recorded for a key: what a repeat of its request gets. */
export interface RecordedAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
}

/**
 * What claiming a key found: it was free (this request runs and records its answer), it has an
 * answer (with the hash of the request that got it), or its first request is still running after
 * the wait.
 */
export type Claim =
  | { readonly _tag: "First" }
  | { readonly _tag: "Recorded"; readonly answer: RecordedAnswer; readonly requestHash: Uint8Array | null }
  | { readonly _tag: "StillRunning" };

interface KeyRow {
  status: number | null;
  request_hash: Uint8Array | null;
  headers: Record<string, string> | null;
  body: Uint8Array | null;
  /** As PostgreSQL wrote it (microseconds): what the delete of a stale row matches. */
  created_at: string;
  stale: boolean;
}

/**
 * A recorded answer's body, encrypted with the server's token key (AES-256-GCM, as platform tokens
 * are): some answers are shown once and hold a secret (a new API key, a webhook endpoint's signing
 * secret), which the table must not keep in clear for the 24 hours it replays them.
 */
const sealed = (body: Uint8Array): Buffer => Buffer.from(encryptSecret(Buffer.from(body).toString("base64")));
const opened = (stored: Uint8Array): Uint8Array => new Uint8Array(Buffer.from(decryptSecret(Buffer.from(stored).toString()), "base64"));

/**
 * Idempotency keys of the declared API's POSTs, per workspace, in PostgreSQL so that every app
 * process shares them. The key's row is inserted before its request runs: of two requests with one
 * key, the primary key lets one in and the other waits for its answer (woken at once in this process,
 * polling the row across processes), holding no connection while it waits.
 */
export class Idempotency extends Context.Service<
  Idempotency,
  {
    /** Takes the key for a request (the hash when known before its body is read), or finds its answer, waiting for one still running. */
    readonly claim: (workspaceId: string, key: string, requestHash: Uint8Array | null) => Effect.Effect<Claim, SqlError>;
    /** Records the answer of the request that took the key (and its hash, known once its body was read). */
    readonly record: (workspaceId: string, key: string, requestHash: Uint8Array, answer: RecordedAnswer) => Effect.Effect<void, SqlError>;
    /** Frees the key without an answer (a 5xx, a 429, a stream): the same key may be tried again. */
    readonly release: (workspaceId: string, key: string) => Effect.Effect<void, SqlError>;
    /** Deletes the keys older than 24 hours; answers how many. */
    readonly purge: (now: Date) => Effect.Effect<number, SqlError>;
  }
>()("app/Idempotency") {
  static layer = Layer.effect(
    Idempotency,
    Effect.gen(function* () {
      const db = yield* Database;
      // The first requests running in this process, by workspace and key: a repeat waits on it rather than on the clock.
      const running = new Map<string, { readonly done: Promise<void>; readonly finish: () => void }>();
      const slot = (workspaceId: string, key: string) => `${workspaceId}\u0000${key}`;
      const finish = (workspaceId: string, key: string) => {
        const id = slot(workspaceId, key);
        running.get(id)?.finish();
        running.delete(id);
      };

      const insert = (workspaceId: string, key: string, requestHash: Uint8Array | null) =>
        db.query(
          (sql) => sql`
            insert into idempotency_keys (workspace_id, key, request_hash) values (${workspaceId}, ${key}, ${requestHash ? Buffer.from(requestHash) : null})
            on conflict do nothing returning 1`,
        );
      const read = (workspaceId: string, key: string) =>
        Effect.map(
          db.query(
            (sql) => sql<KeyRow[]>`
              select status, request_hash, headers, body, created_at::text as created_at,
                     created_at <= now() - make_interval(hours => ${IDEMPOTENCY_HOURS})
                       or (status is null and created_at <= now() - make_interval(mins => ${ABANDONED_AFTER_MINUTES})) as stale
              from idempotency_keys where workspace_id = ${workspaceId} and key = ${key}`,
          ),
          (rows) => rows[0],
        );

      const waitFor = (workspaceId: string, key: string, attempt: number) => {
        const local = running.get(slot(workspaceId, key));
        // Across processes the row is read again, every 25 ms at first and at most every 250 ms.
        const poll = Math.min(250, 25 * 2 ** Math.min(attempt, 4));
        return local
          ? Effect.promise(() => Promise.race([local.done, new Promise((resolve) => setTimeout(resolve, 1000).unref())]))
          : Effect.sleep(poll);
      };

      const claim = Effect.fn("Idempotency.claim")(function* (workspaceId: string, key: string, requestHash: Uint8Array | null) {
        const deadline = Date.now() + WAIT_FOR_FIRST_MS;
        for (let attempt = 0; ; attempt++) {
          if ((yield* insert(workspaceId, key, requestHash)).length > 0) {
            let done!: () => void;
            const promise = new Promise<void>((resolve) => (done = resolve));
            running.set(slot(workspaceId, key), { done: promise, finish: done });
            return { _tag: "First" } as const;
          }
          const row = yield* read(workspaceId, key);
          if (!row) continue; // freed in between: try to take it
          if (row.stale) {
            yield* db.query((sql) => sql`delete from idempotency_keys where workspace_id = ${workspaceId} and key = ${key} and created_at = ${row.created_at}::timestamptz`);
            continue;
          }
          if (row.status !== null) {
            return {
              _tag: "Recorded",
              answer: { status: row.status, headers: row.headers ?? {}, body: row.body ? opened(row.body) : new Uint8Array() },
              requestHash: row.request_hash,
            } as const;
          }
          if (Date.now() >= deadline) return { _tag: "StillRunning" } as const;
          yield* waitFor(workspaceId, key, attempt);
        }
      });

      const record = Effect.fn("Idempotency.record")(function* (workspaceId: string, key: string, requestHash: Uint8Array, answer: RecordedAnswer) {
        yield* db
          .query(
            (sql) => sql`
              update idempotency_keys
              set request_hash = ${Buffer.from(requestHash)}, status = ${answer.status}, headers = ${sql.json(answer.headers)},
                  body = ${sealed(answer.body)}, completed_at = now()
              where workspace_id = ${workspaceId} and key = ${key}`,
          )
          .pipe(Effect.ensuring(Effect.sync(() => finish(workspaceId, key))));
      });

      const release = Effect.fn("Idempotency.release")(function* (workspaceId: string, key: string) {
        yield* db
          .query((sql) => sql`delete from idempotency_keys where workspace_id = ${workspaceId} and key = ${key} and status is null`)
          .pipe(Effect.ensuring(Effect.sync(() => finish(workspaceId, key))));
      });

      const purge = Effect.fn("Idempotency.purge")(function* (now: Date) {
        const deleted = yield* db.query(
          (sql) => sql`delete from idempotency_keys where created_at <= ${new Date(now.getTime() - IDEMPOTENCY_HOURS * 3_600_000)}`,
        );
        return deleted.count;
      });

      return { claim, record, release, purge };
    }),
  );
}
