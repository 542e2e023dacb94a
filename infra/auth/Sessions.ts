import { Context, Effect, Layer } from "effect";
import { Database, type SqlError } from "../db/Database";
import { generateToken, hashToken } from "./tokens";

export const SESSION_COOKIE = "session";
export const SESSION_DAYS = 30;
const DAY_MS = 86_400_000;
/** A session used again after this long gets its 30 days pushed forward (and its cookie re-sent). */
const RENEW_AFTER_MS = 60_000;

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

export class Sessions extends Context.Service<
  Sessions,
  {
    readonly create: (
      userId: string,
      client: { readonly userAgent: string | null; readonly ip: string | null },
      now: Date,
    ) => Effect.Effect<{ readonly token: string; readonly expiresAt: Date }, SqlError>;
    readonly validate: (token: string, now: Date) => Effect.Effect<SessionInfo | null, SqlError>;
    readonly revoke: (sessionId: string) => Effect.Effect<void, SqlError>;
    readonly revokeAllOf: (userId: string, options?: { readonly except?: string }) => Effect.Effect<void, SqlError>;
    readonly list: (userId: string) => Effect.Effect<ReadonlyArray<ActiveSession>, SqlError>;
    readonly purgeExpired: (now: Date) => Effect.Effect<number, SqlError>;
  }
>()("app/Sessions") {
  static layer = Layer.effect(
    Sessions,
    Effect.gen(function* () {
      const db = yield* Database;
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
          const [row] = yield* db.query(
            (sql) => sql<{ user_id: string; expires_at: Date; last_used_at: Date }[]>`
              select user_id, expires_at, last_used_at from sessions where id = ${id}`,
          );
          if (!row) return null;
          if (row.expires_at.getTime() <= now.getTime()) {
            yield* db.query((sql) => sql`delete from sessions where id = ${id}`);
            return null;
          }
          if (now.getTime() - row.last_used_at.getTime() < RENEW_AFTER_MS) {
            return { id, userId: row.user_id, expiresAt: row.expires_at, renewed: false };
          }
          const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY_MS);
          yield* db.query(
            (sql) => sql`update sessions set last_used_at = ${now}, expires_at = ${expiresAt} where id = ${id}`,
          );
          return { id, userId: row.user_id, expiresAt, renewed: true };
        }),
        revoke: (sessionId) => db.query((sql) => sql`delete from sessions where id = ${sessionId}`).pipe(Effect.asVoid),
        revokeAllOf: (userId, options) =>
          db
            .query(
              (sql) => sql`delete from sessions where user_id = ${userId}
                           ${options?.except ? sql`and id <> ${options.except}` : sql``}`,
            )
            .pipe(Effect.asVoid),
        list: (userId) =>
          db
            .query(
              (sql) => sql<{ id: string; created_at: Date; last_used_at: Date; user_agent: string | null; ip: string | null }[]>`
                select id, created_at, last_used_at, user_agent, ip from sessions
                where user_id = ${userId} and expires_at > now() order by last_used_at desc`,
            )
            .pipe(
              Effect.map((rows) =>
                rows.map((r) => ({ id: r.id, createdAt: r.created_at, lastUsedAt: r.last_used_at, userAgent: r.user_agent, ip: r.ip })),
              ),
            ),
        purgeExpired: (now) =>
          db
            .query((sql) => sql`delete from sessions where expires_at <= ${now}`)
            .pipe(Effect.map((result) => result.count)),
      };
    }),
  );
}
