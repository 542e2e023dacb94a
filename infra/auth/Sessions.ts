import { Context, Effect, Layer } from "effect";
import { NotFound } from "../../domain/shared";
import { Database, type Sql, type SqlError } from "../db/Database";
import { generateToken, hashToken } from "./tokens";

export const SESSION_COOKIE = "session";
export const SESSION_DAYS = 30;
const DAY_MS = 86_400_000;
/**
 * A session is written (its `last_used_at` and its 30 days slid forward, its cookie re-sent) only
 * when it is used again at least this long after the last write: reading a session costs no write
 * on the requests in between. Its expiry therefore lags by at most this much behind its last use,
 * and Settings' "Last active" is as fresh as that.
 */
export const SESSION_WRITE_AFTER_MS = 5 * 60_000;

export interface SessionInfo {
  readonly id: string;
  readonly userId: string;
  readonly expiresAt: Date;
  /** True when this use moved the expiry forward: the cookie should be sent again. */
  readonly renewed: boolean;
}

export interface ActiveSession {
  readonly id: string;
  readonly createdAt: Date;
  readonly lastUsedAt: Date;
  readonly userAgent: string | null;
  readonly ip: string | null;
}

interface SessionRow {
  readonly user_id: string;
  readonly expires_at: Date;
  readonly last_used_at: Date;
}

/**
 * The session row of a token's hash: the read every signed-in request makes. A plain query over a
 * client, so that the server's fast lane (infra/identity/fast-lane.ts) makes the same read outside
 * the runtime.
 */
export const readSessionRow = (sql: Sql, id: string): Promise<SessionRow | null> =>
  sql<SessionRow[]>`select user_id, expires_at, last_used_at from sessions where id = ${id}`.then((rows) => rows[0] ?? null);

/** Whether a use at `now` finds the session expired. */
export const sessionExpired = (row: SessionRow, now: Date): boolean => row.expires_at.getTime() <= now.getTime();

/** Whether a use at `now` is due to write the session (see `SESSION_WRITE_AFTER_MS`). */
export const sessionWriteDue = (row: SessionRow, now: Date): boolean => now.getTime() - row.last_used_at.getTime() >= SESSION_WRITE_AFTER_MS;

/** Who opened a session: shown in Settings › Security. */
export interface ClientInfo {
  readonly userAgent: string | null;
  readonly ip: string | null;
}

/**
 * The id a session shows outside the server: 16 hex characters of a hash of its key. The key (the
 * SHA-256 of the cookie's token) opens nothing by itself, but this keeps even that out of pages,
 * logs and URLs; it is matched only among the caller's own sessions.
 */
export const publicSessionId = (sessionId: string): string => hashToken(`session:${sessionId}`).slice(0, 16);

export interface UserSession extends ActiveSession {
  /** The id to show and to revoke by (see `publicSessionId`). */
  readonly publicId: string;
}

/** Signed-in sessions: the one service that reads and writes the `sessions` table. */
export class Sessions extends Context.Service<
  Sessions,
  {
    readonly create: (userId: string, client: ClientInfo, now: Date) => Effect.Effect<{ readonly token: string; readonly expiresAt: Date }, SqlError>;
    readonly validate: (token: string, now: Date) => Effect.Effect<SessionInfo | null, SqlError>;
    readonly revoke: (sessionId: string) => Effect.Effect<void, SqlError>;
    readonly revokeAllOf: (userId: string, options?: { readonly except?: string }) => Effect.Effect<void, SqlError>;
    /** The user's active sessions, the most recently used first. */
    readonly sessionsOf: (userId: string) => Effect.Effect<ReadonlyArray<UserSession>, SqlError>;
    /** Signs out one of the user's sessions by its public id; another user's answers NotFound. */
    readonly revokeSession: (userId: string, publicId: string) => Effect.Effect<void, NotFound | SqlError>;
    /** Signs out every session of the user but `keepSessionId`; answers how many ended. */
    readonly revokeOtherSessions: (userId: string, keepSessionId: string | null) => Effect.Effect<number, SqlError>;
    readonly purgeExpired: (now: Date) => Effect.Effect<number, SqlError>;
  }
>()("app/Sessions") {
  static layer = Layer.effect(
    Sessions,
    Effect.gen(function* () {
      const db = yield* Database;

      /** Deletes the user's sessions, all or all but one; answers how many. */
      const deleteAllOf = (userId: string, except: string | null) =>
        db
          .query(
            (sql) => sql`delete from sessions where user_id = ${userId}
                         ${except ? sql`and id <> ${except}` : sql``}`,
          )
          .pipe(Effect.map((result) => result.count));

      const sessionsOf = Effect.fn("Sessions.sessionsOf")(function* (userId: string) {
        const rows = yield* db.query(
          (sql) => sql<{ id: string; created_at: Date; last_used_at: Date; user_agent: string | null; ip: string | null }[]>`
            select id, created_at, last_used_at, user_agent, ip from sessions
            where user_id = ${userId} and expires_at > now() order by last_used_at desc`,
        );
        return rows.map((r): UserSession => ({
          id: r.id,
          publicId: publicSessionId(r.id),
          createdAt: r.created_at,
          lastUsedAt: r.last_used_at,
          userAgent: r.user_agent,
          ip: r.ip,
        }));
      });

      return {
        create: Effect.fn("Sessions.create")(function* (userId, client, now) {
          const token = generateToken();
          const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY_MS);
          yield* db.query(
            (sql) => sql`insert into sessions (id, user_id, created_at, last_used_at, expires_at, user_agent, ip)
                         values (${hashToken(token)}, ${userId}, ${now}, ${now}, ${expiresAt},
                                 ${client.userAgent?.slice(0, 400) ?? null}, ${client.ip})`,
          );
          return { token, expiresAt };
        }),
        validate: Effect.fn("Sessions.validate")(function* (token, now) {
          const id = hashToken(token);
          const row = yield* db.query((sql) => readSessionRow(sql, id));
          if (!row) return null;
          if (sessionExpired(row, now)) {
            yield* db.query((sql) => sql`delete from sessions where id = ${id}`);
            return null;
          }
          if (!sessionWriteDue(row, now)) {
            return { id, userId: row.user_id, expiresAt: row.expires_at, renewed: false };
          }
          const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY_MS);
          yield* db.query(
            (sql) => sql`update sessions set last_used_at = ${now}, expires_at = ${expiresAt} where id = ${id}`,
          );
          return { id, userId: row.user_id, expiresAt, renewed: true };
        }),
        revoke: (sessionId) => db.query((sql) => sql`delete from sessions where id = ${sessionId}`).pipe(Effect.asVoid),
        revokeAllOf: (userId, options) => Effect.asVoid(deleteAllOf(userId, options?.except ?? null)),
        sessionsOf,
        revokeSession: Effect.fn("Sessions.revokeSession")(function* (userId: string, publicId: string) {
          const session = (yield* sessionsOf(userId)).find((s) => s.publicId === publicId);
          if (!session) return yield* new NotFound({ what: "session" });
          yield* db.query((sql) => sql`delete from sessions where id = ${session.id} and user_id = ${userId}`);
        }),
        revokeOtherSessions: Effect.fn("Sessions.revokeOtherSessions")(function* (userId: string, keepSessionId: string | null) {
          return yield* deleteAllOf(userId, keepSessionId);
        }),
        purgeExpired: (now) =>
          db
            .query((sql) => sql`delete from sessions where expires_at <= ${now}`)
            .pipe(Effect.map((result) => result.count)),
      };
    }),
  );
}
