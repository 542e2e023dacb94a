import { Context, Effect, Layer } from "effect";
import {
  changeNotificationPreferences,
  changePassword,
  completeOnboarding,
  DEFAULT_NOTIFICATION_PREFERENCES,
  EMAIL_TAKEN_MESSAGE,
  type NotificationPreferences,
  type TooManyAttempts,
  updateProfile,
  USERNAME_TAKEN_MESSAGE,
} from "../../domain/identity";
import { type CommandContext, type ConcurrencyConflict, Conflict, InvalidInput, type NotFound } from "../../domain/shared";
import type { CurrentUser } from "./current-user";
import { Passwords } from "../auth/Passwords";
import { Sessions } from "../auth/Sessions";
import { Database, type SqlError, UNIQUE_VIOLATION } from "../db/Database";
import { SignIn } from "./SignIn";
import { identityStreams } from "./streams";
import { Users } from "./Users";

/** Settings › Security: a wrong current password (HTTP 400, on the currentPassword field). */
export const CURRENT_PASSWORD_WRONG_MESSAGE = "Your current password is not correct.";

type WriteError = SqlError | ConcurrencyConflict;

/** A user's own settings: profile, onboarding, notification preferences, password (Settings, `/api/user/*`, onboarding). */
export class UserSettings extends Context.Service<
  UserSettings,
  {
    readonly updateProfile: (
      userId: string,
      profile: { readonly username: string; readonly email: string; readonly timeZone: string },
      ctx: CommandContext,
    ) => Effect.Effect<CurrentUser, Conflict | NotFound | WriteError>;
    readonly completeOnboarding: (userId: string, timeZone: string, ctx: CommandContext) => Effect.Effect<CurrentUser, NotFound | WriteError>;
    readonly notificationPreferences: (userId: string) => Effect.Effect<NotificationPreferences, SqlError>;
    readonly setNotificationPreferences: (
      userId: string,
      preferences: Partial<NotificationPreferences>,
      ctx: CommandContext,
    ) => Effect.Effect<NotificationPreferences, NotFound | WriteError>;
    /** Checks the current password (behind sign-in's throttle), records PasswordChanged (via settings), ends the account's reset links, signs out every other session. */
    readonly changePasswordWithCurrent: (
      userId: string,
      passwords: { readonly currentPassword: string; readonly newPassword: string },
      keepSessionId: string | null,
      ctx: CommandContext,
    ) => Effect.Effect<void, InvalidInput | TooManyAttempts | NotFound | WriteError>;
  }
>()("app/UserSettings") {
  static layer = Layer.effect(
    UserSettings,
    Effect.gen(function* () {
      const db = yield* Database;
      const users = yield* Users;
      const signIn = yield* SignIn;
      const passwords = yield* Passwords;
      const sessions = yield* Sessions;
      const { onUserCommand } = yield* identityStreams;

      const notificationPreferences = Effect.fn("UserSettings.notificationPreferences")(function* (userId: string) {
        const [row] = yield* db.query(
          (sql) => sql<
            {
              email_notifications: boolean;
              push_notifications: boolean;
              weekly_reports: boolean;
              post_reminders: boolean;
              failure_alerts: boolean;
              review_alerts: boolean;
              sandbox_review_alerts: boolean;
            }[]
          >`
            select email_notifications, push_notifications, weekly_reports, post_reminders, failure_alerts, review_alerts, sandbox_review_alerts
            from notification_preferences where user_id = ${userId}`,
        );
        return row
          ? {
              emailNotifications: row.email_notifications,
              pushNotifications: row.push_notifications,
              weeklyReports: row.weekly_reports,
              postReminders: row.post_reminders,
              failureAlerts: row.failure_alerts,
              reviewAlerts: row.review_alerts,
              sandboxReviewAlerts: row.sandbox_review_alerts,
            }
          : DEFAULT_NOTIFICATION_PREFERENCES;
      });

      return {
        updateProfile: Effect.fn("UserSettings.updateProfile")(function* (
          userId: string,
          profile: { readonly username: string; readonly email: string; readonly timeZone: string },
          ctx: CommandContext,
        ) {
          const user = yield* users.getById(userId);
          const email = profile.email.trim().toLowerCase();
          const username = profile.username.trim();
          const [clash] = yield* db.query(
            (sql) => sql<{ email_taken: boolean; username_taken: boolean }[]>`
              select bool_or(lower(email) = ${email}) as email_taken, bool_or(lower(username) = ${username.toLowerCase()}) as username_taken
              from users where id <> ${userId} and (lower(email) = ${email} or lower(username) = ${username.toLowerCase()})`,
          );
          if (clash?.email_taken) return yield* new Conflict({ message: EMAIL_TAKEN_MESSAGE });
          if (clash?.username_taken) return yield* new Conflict({ message: USERNAME_TAKEN_MESSAGE });
          yield* onUserCommand(user, updateProfile({ username, email, timeZone: profile.timeZone }), ctx).pipe(
            Effect.catchTag("SqlError", (error): Effect.Effect<never, Conflict | SqlError> =>
              error.code === UNIQUE_VIOLATION
                ? Effect.fail(new Conflict({ message: error.constraint === "users_email_unique" ? EMAIL_TAKEN_MESSAGE : USERNAME_TAKEN_MESSAGE }))
                : Effect.fail(error),
            ),
          );
          return yield* users.getById(userId);
        }),
        completeOnboarding: Effect.fn("UserSettings.completeOnboarding")(function* (userId: string, timeZone: string, ctx: CommandContext) {
          const user = yield* users.getById(userId);
          yield* onUserCommand(user, completeOnboarding({ timeZone }), ctx);
          return yield* users.getById(userId);
        }),
        notificationPreferences,
        setNotificationPreferences: Effect.fn("UserSettings.setNotificationPreferences")(function* (
          userId: string,
          preferences: Partial<NotificationPreferences>,
          ctx: CommandContext,
        ) {
          const user = yield* users.getById(userId);
          yield* onUserCommand(user, changeNotificationPreferences({ preferences }), ctx);
          return yield* notificationPreferences(userId);
        }),
        changePasswordWithCurrent: Effect.fn("UserSettings.changePasswordWithCurrent")(function* (
          userId: string,
          input: { readonly currentPassword: string; readonly newPassword: string },
          keepSessionId: string | null,
          ctx: CommandContext,
        ) {
          const user = yield* users.getById(userId);
          // Guessing the current password from a signed-in session counts like failed sign-ins.
          yield* signIn
            .verifyPassword(user.email, input.currentPassword, ctx.now)
            .pipe(
              Effect.catchTag("InvalidCredentials", () =>
                Effect.fail(new InvalidInput({ message: CURRENT_PASSWORD_WRONG_MESSAGE, fields: { currentPassword: CURRENT_PASSWORD_WRONG_MESSAGE } })),
              ),
            );
          const passwordHash = yield* passwords.hash(input.newPassword);
          yield* db.withTransaction(
            Effect.gen(function* () {
              yield* onUserCommand(user, changePassword({ passwordHash, via: "settings" }), ctx);
              // A reset link asked for before the change must not undo it.
              yield* signIn.endResetLinks(user.id, ctx.now);
              yield* sessions.revokeAllOf(user.id, keepSessionId ? { except: keepSessionId } : undefined);
            }),
          );
        }),
      };
    }),
  );
}
