import { Context, Effect, Layer } from "effect";
import {
  accountWaitSeconds,
  addressWaitSeconds,
  changePassword,
  FAILED_LOGIN_WINDOW_MINUTES,
  InvalidCredentials,
  KNOWN_DEVICE_DAYS,
  MAX_FAILED_LOGINS_PER_ADDRESS,
  MAX_RESET_MAILS_PER_HOUR,
  NoWorkspaceAccess,
  RESET_LINK_INVALID_MESSAGE,
  RESET_LINK_MINUTES,
  TooManyAttempts,
} from "../../domain/identity";
import { type CommandContext, type ConcurrencyConflict, InvalidInput, NotFound, personActing } from "../../domain/shared";
import type { CurrentUser } from "./current-user";
import { Workspaces } from "./Workspaces";
import { Passwords } from "../auth/Passwords";
import { type ClientInfo, Sessions } from "../auth/Sessions";
import { generateToken, hashToken } from "../auth/tokens";
import { config } from "../config";
import { Database, type SqlError } from "../db/Database";
import { Mailer } from "../mail/Mailer";
import { DEMO_USER_ID } from "./Registration";
import { identityStreams } from "./streams";
import { Users } from "./Users";

/** Where an attempt comes from: the client address, and the token of the browser's known-device cookie. */
export interface AttemptOrigin {
  readonly ip: string | null;
  readonly device: string | null;
}

const NOWHERE: AttemptOrigin = { ip: null, device: null };

/** Signing in and getting back in: passwords checked behind the sign-in throttles, sessions started, known devices, reset links. */
export class SignIn extends Context.Service<
  SignIn,
  {
    /**
     * Checks the password and starts a session. `device` (answered) is the token of the browser's
     * known-device cookie for this account: the one it sent, or a new one, to be (re)set.
     */
    readonly signIn: (
      email: string,
      password: string,
      client: ClientInfo & { readonly device: string | null },
      now: Date,
    ) => Effect.Effect<
      { readonly user: CurrentUser; readonly token: string; readonly expiresAt: Date; readonly device: string },
      InvalidCredentials | TooManyAttempts | NoWorkspaceAccess | SqlError
    >;
    readonly startSession: (userId: string, client: ClientInfo, now: Date) => Effect.Effect<{ readonly token: string; readonly expiresAt: Date }, SqlError>;
    /**
     * The one gate on guessing passwords (sign-in, and the current password in Settings): the
     * attempt is counted before the password is checked, atomically, so that a burst checks at most
     * what the throttles allow (domain/identity/sign-in-throttle.ts); a refused one answers
     * TooManyAttempts and checks nothing; a wrong password stays counted as a failure. Answers the
     * user's id when the password is right.
     */
    readonly verifyPassword: (email: string, password: string, now: Date, from?: AttemptOrigin) => Effect.Effect<string, InvalidCredentials | TooManyAttempts | SqlError>;
    /** Mails a reset link, at most MAX_RESET_MAILS_PER_HOUR an hour per account; nothing for an unknown email. Answers nothing either way. */
    readonly requestPasswordReset: (email: string, now: Date) => Effect.Effect<void, SqlError>;
    /** Whether a reset link can still be used (not used, not ended by a password change, not expired). */
    readonly resetLinkUsable: (token: string, now: Date) => Effect.Effect<boolean, SqlError>;
    readonly resetPassword: (
      token: string,
      newPassword: string,
      ctx: CommandContext,
    ) => Effect.Effect<void, InvalidInput | NotFound | SqlError | ConcurrencyConflict>;
    /** Ends every outstanding reset link of the account: part of every password change. */
    readonly endResetLinks: (userId: string, now: Date) => Effect.Effect<void, SqlError>;
  }
>()("app/SignIn") {
  static layer = Layer.effect(
    SignIn,
    Effect.gen(function* () {
      const db = yield* Database;
      const users = yield* Users;
      const passwords = yield* Passwords;
      const sessions = yield* Sessions;
      const mailer = yield* Mailer;
      const workspaces = yield* Workspaces;
      const { onUserCommand } = yield* identityStreams;

      // Verifying against this keeps a sign-in for an unknown email as slow as one with a wrong password.
      const timingDummyHash = yield* Effect.cached(passwords.hash("timing dummy: no account has this password"));

      /** Serialises the counting and the reservation of attempts that share a bucket (across app processes too). */
      const lock = (key: string) => db.query((sql) => sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);

      /** The hash of the device token when that browser signed in to the account of `email` within KNOWN_DEVICE_DAYS, else null. */
      const knownDevice = Effect.fn("SignIn.knownDevice")(function* (email: string, token: string | null, now: Date) {
        if (!token) return null;
        const [row] = yield* db.query(
          (sql) => sql<{ id: string }[]>`
            select d.id from known_devices d join users u on u.id = d.user_id
            where d.id = ${hashToken(token)} and lower(u.email) = ${email}
              and d.last_used_at > ${new Date(now.getTime() - KNOWN_DEVICE_DAYS * 86_400_000)}`,
        );
        return row?.id ?? null;
      });

      const checkPassword = Effect.fn("SignIn.checkPassword")(function* (email: string, password: string, now: Date, from: AttemptOrigin) {
        const key = email.trim().toLowerCase();
        const device = yield* knownDevice(key, from.device, now);
        // A browser that signed in to this account before is held only by its own failures, not its address's.
        const address = device ? null : from.ip;
        const windowStart = new Date(now.getTime() - FAILED_LOGIN_WINDOW_MINUTES * 60_000);
        const attemptId = yield* db.withTransaction(
          Effect.gen(function* () {
            // Always the account's lock before the address's: two attempts never wait on each other crosswise.
            yield* lock(`sign-in:account:${key}`);
            if (address) yield* lock(`sign-in:address:${address}`);
            const [bucket] = yield* db.query(
              (sql) => sql<{ failures: number; latest: Date | null }[]>`
                select count(*)::int as failures, max(attempted_at) as latest from login_attempts
                where lower(email) = ${key} and attempted_at > ${windowStart} and device is not distinct from ${device}`,
            );
            const accountWait = accountWaitSeconds(bucket.failures, bucket.latest, now);
            if (accountWait > 0) return yield* new TooManyAttempts({ seconds: accountWait, scope: "account" });
            if (address) {
              const [nth] = yield* db.query(
                (sql) => sql<{ attempted_at: Date }[]>`
                  select attempted_at from login_attempts where ip = ${address} and attempted_at > ${windowStart}
                  order by attempted_at desc offset ${MAX_FAILED_LOGINS_PER_ADDRESS - 1} limit 1`,
              );
              const addressWait = addressWaitSeconds(nth?.attempted_at ?? null, now);
              if (addressWait > 0) return yield* new TooManyAttempts({ seconds: addressWait, scope: "address" });
            }
            // Counted before the password is checked: a crash or a wrong password leaves it as a failure.
            const [attempt] = yield* db.query(
              (sql) => sql<{ id: string }[]>`
                insert into login_attempts (email, attempted_at, ip, device) values (${key}, ${now}, ${from.ip}, ${device}) returning id`,
            );
            return attempt.id;
          }),
        );
        const [row] = yield* db.query(
          (sql) => sql<{ id: string; password_hash: string | null }[]>`
            select id, password_hash from users where lower(email) = ${key}`,
        );
        const valid = yield* passwords.verify(row?.password_hash ?? (yield* timingDummyHash), password);
        if (!row?.password_hash || !valid) return yield* new InvalidCredentials();
        yield* db.query((sql) => sql`delete from login_attempts where id = ${attemptId}`);
        return { userId: row.id, key, device };
      });

      const verifyPassword = (email: string, password: string, now: Date, from: AttemptOrigin = NOWHERE) =>
        Effect.map(checkPassword(email, password, now, from), ({ userId }) => userId);

      /** The browser's token, known to the account from now on: the one it sent when it has one we issued, else a new one. */
      const rememberDevice = Effect.fn("SignIn.rememberDevice")(function* (userId: string, sent: string | null, now: Date) {
        const [issued] = sent ? yield* db.query((sql) => sql`select 1 from known_devices where id = ${hashToken(sent)} limit 1`) : [];
        const token = sent && issued ? sent : generateToken();
        yield* db.query(
          (sql) => sql`
            insert into known_devices (id, user_id, created_at, last_used_at) values (${hashToken(token)}, ${userId}, ${now}, ${now})
            on conflict (id, user_id) do update set last_used_at = excluded.last_used_at`,
        );
        return token;
      });

      const startSession = Effect.fn("SignIn.startSession")(function* (userId: string, client: ClientInfo, now: Date) {
        return yield* sessions.create(userId, client, now);
      });

      const endResetLinks = Effect.fn("SignIn.endResetLinks")(function* (userId: string, now: Date) {
        yield* db.query((sql) => sql`update password_reset_tokens set used_at = ${now} where user_id = ${userId} and used_at is null`);
      });

      return {
        signIn: Effect.fn("SignIn.signIn")(function* (
          email: string,
          password: string,
          client: ClientInfo & { readonly device: string | null },
          now: Date,
        ) {
          const { userId, key, device } = yield* checkPassword(email, password, now, client);
          // The right password forgives the failures of its own bucket: a stranger's stay when the owner signs in on a known device.
          yield* db.query((sql) => sql`delete from login_attempts where lower(email) = ${key} and device is not distinct from ${device}`);
          // Removed from the team of the workspace they worked in: into another of theirs, or no session, and why.
          let user = yield* users.findById(userId);
          if (!user) {
            const [other] = yield* workspaces.ofPerson(userId);
            if (!other) return yield* new NoWorkspaceAccess();
            // A switch that races another, or a workspace gone meanwhile, leaves them signed out like any refusal.
            yield* workspaces
              .switchTo(userId, other.id, { actor: personActing(userId), now, correlationId: crypto.randomUUID(), causationId: null })
              .pipe(Effect.catchTags({ ConcurrencyConflict: () => new NoWorkspaceAccess(), NotFound: () => new NoWorkspaceAccess() }));
            user = yield* users.findById(userId);
            if (!user) return yield* new NoWorkspaceAccess();
          }
          const session = yield* sessions.create(userId, client, now);
          const deviceToken = yield* rememberDevice(userId, client.device, now);
          return { user, ...session, device: deviceToken };
        }),
        startSession,
        verifyPassword,
        requestPasswordReset: Effect.fn("SignIn.requestPasswordReset")(function* (email: string, now: Date) {
          const user = yield* users.findByEmail(email);
          if (!user || user.id === DEMO_USER_ID) return;
          const token = generateToken();
          const expiresAt = new Date(now.getTime() + RESET_LINK_MINUTES * 60_000);
          const link = new URL(`/reset-password?token=${token}`, config().publicUrl).href;
          yield* db.withTransaction(
            Effect.gen(function* () {
              // Counted and recorded under the account's lock: a burst of requests sends at most the limit.
              yield* lock(`reset-mail:${user.id}`);
              const [sent] = yield* db.query(
                (sql) => sql<{ count: number }[]>`
                  select count(*)::int as count from password_reset_tokens where user_id = ${user.id} and created_at > ${new Date(now.getTime() - 3_600_000)}`,
              );
              if (sent.count >= MAX_RESET_MAILS_PER_HOUR) return;
              yield* db.query(
                (sql) => sql`insert into password_reset_tokens (id, user_id, created_at, expires_at)
                             values (${hashToken(token)}, ${user.id}, ${now}, ${expiresAt})`,
              );
              yield* mailer.queue({
                to: user.email,
                subject: "Reset your SocialDesk password",
                text: [
                  `Hello ${user.firstName},`,
                  "",
                  "Someone (hopefully you) asked to reset the password of your SocialDesk account.",
                  `Open this link within ${RESET_LINK_MINUTES} minutes to choose a new password; it works once:`,
                  "",
                  link,
                  "",
                  "If you did not ask for this, ignore this e-mail: your password stays as it is.",
                ].join("\n"),
              });
            }),
          );
        }),
        resetLinkUsable: Effect.fn("SignIn.resetLinkUsable")(function* (token: string, now: Date) {
          const rows = yield* db.query(
            (sql) => sql`select 1 from password_reset_tokens where id = ${hashToken(token)} and used_at is null and expires_at > ${now}`,
          );
          return rows.length > 0;
        }),
        resetPassword: Effect.fn("SignIn.resetPassword")(function* (token: string, newPassword: string, ctx: CommandContext) {
          const passwordHash = yield* passwords.hash(newPassword);
          yield* db.withTransaction(
            Effect.gen(function* () {
              // Marking it used in the same statement that checks it: a second use finds nothing.
              const [claimed] = yield* db.query(
                (sql) => sql<{ user_id: string }[]>`
                  update password_reset_tokens set used_at = ${ctx.now}
                  where id = ${hashToken(token)} and used_at is null and expires_at > ${ctx.now}
                  returning user_id`,
              );
              if (!claimed) return yield* new InvalidInput({ message: RESET_LINK_INVALID_MESSAGE });
              const user = yield* users.getById(claimed.user_id);
              yield* onUserCommand(user, changePassword({ passwordHash, via: "reset" }), { ...ctx, actor: personActing(user.id) });
              yield* endResetLinks(user.id, ctx.now);
              yield* sessions.revokeAllOf(user.id);
              // Proving the mailbox ends the account's sign-in waits, as the throttle's sentence says.
              yield* db.query((sql) => sql`delete from login_attempts where lower(email) = ${user.email.toLowerCase()}`);
            }),
          );
        }),
        endResetLinks,
      };
    }),
  );
}
