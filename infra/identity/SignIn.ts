import { Context, Effect, Layer } from "effect";
import {
  changePassword,
  FAILED_LOGIN_WINDOW_MINUTES,
  InvalidCredentials,
  NoWorkspaceAccess,
  MAX_FAILED_LOGINS,
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

/** Signing in and getting back in: passwords checked behind the one failed-login throttle, sessions started, reset links. */
export class SignIn extends Context.Service<
  SignIn,
  {
    readonly signIn: (
      email: string,
      password: string,
      client: ClientInfo,
      now: Date,
    ) => Effect.Effect<
      { readonly user: CurrentUser; readonly token: string; readonly expiresAt: Date },
      InvalidCredentials | TooManyAttempts | NoWorkspaceAccess | SqlError
    >;
    readonly startSession: (userId: string, client: ClientInfo, now: Date) => Effect.Effect<{ readonly token: string; readonly expiresAt: Date }, SqlError>;
    /**
     * The one throttle on guessing passwords (sign-in, and the current password in Settings): after
     * MAX_FAILED_LOGINS failures for the email within FAILED_LOGIN_WINDOW_MINUTES, TooManyAttempts;
     * a wrong password is recorded as a failure. Answers the user's id when the password is right.
     */
    readonly verifyPassword: (email: string, password: string, now: Date) => Effect.Effect<string, InvalidCredentials | TooManyAttempts | SqlError>;
    readonly requestPasswordReset: (email: string, now: Date) => Effect.Effect<void, SqlError>;
    readonly resetPassword: (
      token: string,
      newPassword: string,
      ctx: CommandContext,
    ) => Effect.Effect<void, InvalidInput | NotFound | SqlError | ConcurrencyConflict>;
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

      const verifyPassword = Effect.fn("SignIn.verifyPassword")(function* (email: string, password: string, now: Date) {
        const key = email.trim().toLowerCase();
        const windowStart = new Date(now.getTime() - FAILED_LOGIN_WINDOW_MINUTES * 60_000);
        const [recent] = yield* db.query(
          (sql) => sql<{ failures: number; oldest: Date | null }[]>`
            select count(*)::int as failures, min(attempted_at) as oldest from login_attempts
            where lower(email) = ${key} and attempted_at > ${windowStart}`,
        );
        if (recent.failures >= MAX_FAILED_LOGINS && recent.oldest) {
          const freeAt = recent.oldest.getTime() + FAILED_LOGIN_WINDOW_MINUTES * 60_000;
          return yield* new TooManyAttempts({ minutes: Math.max(1, Math.ceil((freeAt - now.getTime()) / 60_000)) });
        }
        const [row] = yield* db.query(
          (sql) => sql<{ id: string; password_hash: string | null }[]>`
            select id, password_hash from users where lower(email) = ${key}`,
        );
        const valid = yield* passwords.verify(row?.password_hash ?? (yield* timingDummyHash), password);
        if (!row?.password_hash || !valid) {
          yield* db.query((sql) => sql`insert into login_attempts (email, attempted_at) values (${key}, ${now})`);
          return yield* new InvalidCredentials();
        }
        return row.id;
      });

      const startSession = Effect.fn("SignIn.startSession")(function* (userId: string, client: ClientInfo, now: Date) {
        return yield* sessions.create(userId, client, now);
      });

      return {
        signIn: Effect.fn("SignIn.signIn")(function* (email: string, password: string, client: ClientInfo, now: Date) {
          const userId = yield* verifyPassword(email, password, now);
          yield* db.query((sql) => sql`delete from login_attempts where lower(email) = ${email.trim().toLowerCase()}`);
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
          return { user, ...session };
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
              yield* sessions.revokeAllOf(user.id);
            }),
          );
        }),
      };
    }),
  );
}
