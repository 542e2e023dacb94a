import { randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import {
  changeNotificationPreferences,
  changePassword,
  changePlan,
  completeOnboarding,
  createWorkspace,
  EMAIL_TAKEN_MESSAGE,
  expireTrial,
  FAILED_LOGIN_WINDOW_MINUTES,
  grantOperator,
  InvalidCredentials,
  MAX_FAILED_LOGINS,
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
  register,
  RESET_LINK_INVALID_MESSAGE,
  RESET_LINK_MINUTES,
  TooManyAttempts,
  uniqueUsername,
  updateProfile,
  USERNAME_TAKEN_MESSAGE,
  userDecider,
  usernameBase,
  type UserEvent,
  type UserState,
  userStreamId,
  workspaceDecider,
  type WorkspaceEvent,
  type WorkspaceState,
  workspaceStreamId,
} from "../../domain/identity";
import type { PlanId, Tier } from "../../domain/plans";
import { type CommandContext, type ConcurrencyConflict, Conflict, InvalidInput, NotFound, personActing } from "../../domain/shared";

/** The subscription's events, written on the owner's stream until the workspace became the subscriber. */
const SUBSCRIPTION_EVENTS: ReadonlySet<string> = new Set(["TrialStarted", "TrialExpired", "PlanChanged"]);
import type { CurrentUser } from "./current-user";
import { Passwords } from "../auth/Passwords";
import { type ActiveSession, Sessions } from "../auth/Sessions";
import { generateToken, hashToken } from "../auth/tokens";
import { config } from "../config";
import { Database, type SqlError, UNIQUE_VIOLATION } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";
import { Mailer } from "../mail/Mailer";

export interface Registration {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly company: string;
  readonly password: string | null;
  readonly selectedPlan: string;
  readonly timeZone: string;
}

export interface ClientInfo {
  readonly userAgent: string | null;
  readonly ip: string | null;
}

interface UserRow {
  id: string;
  workspace_id: string;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  company: string;
  subscription_tier: Tier;
  selected_plan: PlanId;
  subscription_status: string;
  is_trial_active: boolean;
  trial_ends_at: Date | null;
  team_role: CurrentUser["teamRole"];
  time_zone: string;
  is_operator: boolean;
  onboarded_at: Date | null;
}

const toCurrentUser = (row: UserRow): CurrentUser => ({
  id: row.id,
  workspaceId: row.workspace_id,
  email: row.email,
  username: row.username,
  firstName: row.first_name,
  lastName: row.last_name,
  company: row.company,
  subscriptionTier: row.subscription_tier,
  selectedPlan: row.selected_plan,
  subscriptionStatus: row.subscription_status,
  isTrialActive: row.is_trial_active,
  trialEndsAt: row.trial_ends_at?.toISOString() ?? null,
  teamRole: row.team_role,
  timeZone: row.time_zone,
  isOperator: row.is_operator,
  onboardedAt: row.onboarded_at?.toISOString() ?? null,
});


/** Settings › Security: a wrong current password (HTTP 400, on the currentPassword field). */
export const CURRENT_PASSWORD_WRONG_MESSAGE = "Your current password is not correct.";

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

export const DEMO_USER_ID = "00000000-0000-4000-8000-00000000de30";
export const DEMO_WORKSPACE_ID = "00000000-0000-4000-8000-00000000de31";

type AccountError = SqlError | ConcurrencyConflict;

export class Accounts extends Context.Service<
  Accounts,
  {
    readonly register: (input: Registration, ctx: CommandContext) => Effect.Effect<CurrentUser, Conflict | AccountError>;
    readonly signIn: (
      email: string,
      password: string,
      client: ClientInfo,
      now: Date,
    ) => Effect.Effect<{ readonly user: CurrentUser; readonly token: string; readonly expiresAt: Date }, InvalidCredentials | TooManyAttempts | SqlError>;
    readonly startSession: (userId: string, client: ClientInfo, now: Date) => Effect.Effect<{ readonly token: string; readonly expiresAt: Date }, SqlError>;
    readonly findById: (userId: string) => Effect.Effect<CurrentUser | null, SqlError>;
    readonly findByEmail: (email: string) => Effect.Effect<CurrentUser | null, SqlError>;
    readonly updateProfile: (
      userId: string,
      profile: { readonly username: string; readonly email: string; readonly timeZone: string },
      ctx: CommandContext,
    ) => Effect.Effect<CurrentUser, Conflict | NotFound | AccountError>;
    readonly completeOnboarding: (userId: string, timeZone: string, ctx: CommandContext) => Effect.Effect<CurrentUser, NotFound | AccountError>;
    readonly requestPasswordReset: (email: string, now: Date) => Effect.Effect<void, SqlError>;
    readonly resetPassword: (token: string, newPassword: string, ctx: CommandContext) => Effect.Effect<void, InvalidInput | NotFound | AccountError>;
    readonly grantOperator: (email: string, ctx: CommandContext) => Effect.Effect<CurrentUser, NotFound | AccountError>;
    readonly setPlan: (email: string, tier: Tier, reason: string, ctx: CommandContext) => Effect.Effect<CurrentUser, NotFound | AccountError>;
    /** Ends the workspace's trial if its time is up (its job, or the hourly sweep). */
    readonly expireTrial: (workspaceId: string, ctx: CommandContext) => Effect.Effect<boolean, NotFound | AccountError>;
    readonly expireDueTrials: (ctx: CommandContext) => Effect.Effect<number, NotFound | AccountError>;
    readonly ensureDemoWorkspace: (now: Date) => Effect.Effect<void, Conflict | NotFound | AccountError>;
    readonly notificationPreferences: (userId: string) => Effect.Effect<NotificationPreferences, SqlError>;
    readonly setNotificationPreferences: (
      userId: string,
      preferences: Partial<NotificationPreferences>,
      ctx: CommandContext,
    ) => Effect.Effect<NotificationPreferences, NotFound | AccountError>;
    /** Checks the current password, records PasswordChanged (via settings), signs out every other session. */
    readonly changePasswordWithCurrent: (
      userId: string,
      passwords: { readonly currentPassword: string; readonly newPassword: string },
      keepSessionId: string | null,
      ctx: CommandContext,
    ) => Effect.Effect<void, InvalidInput | TooManyAttempts | NotFound | AccountError>;
    readonly sessionsOf: (userId: string) => Effect.Effect<ReadonlyArray<UserSession>, SqlError>;
    /** Signs out one of the user's sessions by its public id; another user's answers NotFound. */
    readonly revokeSession: (userId: string, publicId: string) => Effect.Effect<void, NotFound | SqlError>;
    /** Signs out every session of the user but `keepSessionId`; answers how many ended. */
    readonly revokeOtherSessions: (userId: string, keepSessionId: string | null) => Effect.Effect<number, SqlError>;
  }
>()("app/Accounts") {
  static layer = Layer.effect(
    Accounts,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;
      const passwords = yield* Passwords;
      const sessions = yield* Sessions;
      const mailer = yield* Mailer;
      const provide = <A, E>(effect: Effect.Effect<A, E, EventStore | Database>) =>
        effect.pipe(Effect.provideService(EventStore, store), Effect.provideService(Database, db));

      const selectUser = (where: (sql: import("../db/Database").Sql) => ReturnType<import("../db/Database").Sql>) =>
        db
          .query(
            (sql) => sql<UserRow[]>`
              select u.id, u.workspace_id, u.email, u.username, u.first_name, u.last_name, u.company, w.subscription_tier, u.selected_plan,
                     w.subscription_status, w.is_trial_active, w.trial_ends_at, u.team_role, u.time_zone, u.is_operator, u.onboarded_at
              from users u join workspaces w on w.id = u.workspace_id
              where ${where(sql)}`,
          )
          .pipe(Effect.map((rows) => (rows[0] ? toCurrentUser(rows[0]) : null)));

      const findById = (userId: string) => selectUser((sql) => sql`u.id = ${userId}`);
      const findByEmail = (email: string) => selectUser((sql) => sql`lower(u.email) = ${email.trim().toLowerCase()}`);
      const mustFind = (userId: string) =>
        Effect.flatMap(findById(userId), (user) => (user ? Effect.succeed(user) : Effect.fail(new NotFound({ what: "user" }))));
      const mustFindByEmail = (email: string) =>
        Effect.flatMap(findByEmail(email), (user) => (user ? Effect.succeed(user) : Effect.fail(new NotFound({ what: `an account with the email ${email}` }))));

      const onUserCommand = <E>(
        user: CurrentUser,
        decide: (state: UserState) => Effect.Effect<ReadonlyArray<UserEvent>, E>,
        ctx: CommandContext,
        expectedVersion?: number,
      ) =>
        provide(
          handleCommand(userStreamId(user.id), userDecider, decide, {
            ctx,
            workspaceId: user.workspaceId,
            expectedVersion,
          }),
        );

      /**
       * A command on the workspace's subscription. Workspaces registered before the workspace became
       * the subscriber keep their first trial events on the owner's stream: those are folded in too.
       */
      const onWorkspaceCommand = <E>(
        workspaceId: string,
        decide: (state: WorkspaceState) => Effect.Effect<ReadonlyArray<WorkspaceEvent>, E>,
        ctx: CommandContext,
      ) =>
        Effect.gen(function* () {
          const [owner] = yield* db.query((sql) => sql<{ owner_id: string }[]>`select owner_id from workspaces where id = ${workspaceId}`);
          const movedFrom = owner ? (yield* store.readStream(userStreamId(owner.owner_id))).events.filter((e) => SUBSCRIPTION_EVENTS.has(e.type)) : [];
          return yield* provide(handleCommand(workspaceStreamId(workspaceId), workspaceDecider, decide, { ctx, workspaceId, movedFrom }));
        });

      const takenUsernames = (base: string) =>
        db
          .query(
            (sql) => sql<{ username: string }[]>`select lower(username) as username from users
                                                 where lower(username) like ${`${base}%`}`,
          )
          .pipe(Effect.map((rows) => new Set(rows.map((r) => r.username))));

      const registerOnce = (input: Registration, ctx: CommandContext, userId: string, workspaceId: string, passwordHash: string | null, username: string) =>
        db.withTransaction(
          Effect.gen(function* () {
            // The visitor who registers is the person who acts from now on.
            const registrant: CommandContext = ctx.actor.kind === "visitor" ? { ...ctx, actor: personActing(userId) } : ctx;
            yield* provide(
              handleCommand(
                workspaceStreamId(workspaceId),
                workspaceDecider,
                createWorkspace({
                  workspaceId,
                  name: input.company,
                  ownerId: userId,
                  isDemo: userId === DEMO_USER_ID,
                  selectedPlan: input.selectedPlan,
                  trialDays: config().TRIAL_DAYS,
                  now: ctx.now,
                }),
                { ctx: registrant, workspaceId },
              ),
            );
            yield* provide(
              handleCommand(
                userStreamId(userId),
                userDecider,
                register({
                  userId,
                  workspaceId,
                  email: input.email.trim().toLowerCase(),
                  username,
                  passwordHash,
                  firstName: input.firstName.trim(),
                  lastName: input.lastName.trim(),
                  company: input.company.trim(),
                  selectedPlan: input.selectedPlan,
                  timeZone: input.timeZone,
                }),
                { ctx: registrant, workspaceId },
              ),
            );
          }),
        );

      const registerWith = (input: Registration, ctx: CommandContext, userId: string) =>
        Effect.gen(function* () {
          if (yield* findByEmail(input.email)) return yield* new Conflict({ message: EMAIL_TAKEN_MESSAGE });
          const passwordHash = input.password === null ? null : yield* passwords.hash(input.password);
          const base = usernameBase(input.email);
          const workspaceId = userId === DEMO_USER_ID ? DEMO_WORKSPACE_ID : randomUUID();
          const username = uniqueUsername(base, yield* takenUsernames(base));
          yield* registerOnce(input, ctx, userId, workspaceId, passwordHash, username).pipe(
            // Two sign-ups racing for the same email or username: the unique index decides.
            Effect.catchTag("SqlError", (error) =>
              error.code !== UNIQUE_VIOLATION
                ? Effect.fail(error)
                : error.constraint === "users_email_unique"
                  ? Effect.fail(new Conflict({ message: EMAIL_TAKEN_MESSAGE }))
                  : registerOnce(input, ctx, userId, workspaceId, passwordHash, `${base}${randomUUID().slice(0, 6)}`),
            ),
          );
          return yield* mustFind(userId);
        }).pipe(Effect.catchTag("NotFound", () => Effect.die(new Error("registered user not found"))));

      const startSession = (userId: string, client: ClientInfo, now: Date) => sessions.create(userId, client, now);

      // Verifying against this keeps a sign-in for an unknown email as slow as one with a wrong password.
      const timingDummyHash = yield* Effect.cached(passwords.hash("timing dummy: no account has this password"));

      const signIn = Effect.fn("Accounts.signIn")(function* (email: string, password: string, client: ClientInfo, now: Date) {
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
        yield* db.query((sql) => sql`delete from login_attempts where lower(email) = ${key}`);
        const session = yield* sessions.create(row.id, client, now);
        const user = yield* findById(row.id);
        return { user: user!, ...session };
      });

      const updateProfileOf = Effect.fn("Accounts.updateProfile")(function* (
        userId: string,
        profile: { readonly username: string; readonly email: string; readonly timeZone: string },
        ctx: CommandContext,
      ) {
        const user = yield* mustFind(userId);
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
        return yield* mustFind(userId);
      });

      const requestPasswordReset = Effect.fn("Accounts.requestPasswordReset")(function* (email: string, now: Date) {
        const user = yield* findByEmail(email);
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
      });

      const resetPassword = Effect.fn("Accounts.resetPassword")(function* (token: string, newPassword: string, ctx: CommandContext) {
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
            const user = yield* mustFind(claimed.user_id);
            yield* onUserCommand(user, changePassword({ passwordHash, via: "reset" }), { ...ctx, actor: personActing(user.id) });
            yield* sessions.revokeAllOf(user.id);
          }),
        );
      });

      const notificationPreferences = (userId: string) =>
        db
          .query(
            (sql) => sql<{ email_notifications: boolean; push_notifications: boolean; weekly_reports: boolean; post_reminders: boolean; failure_alerts: boolean }[]>`
              select email_notifications, push_notifications, weekly_reports, post_reminders, failure_alerts
              from notification_preferences where user_id = ${userId}`,
          )
          .pipe(
            Effect.map(([row]): NotificationPreferences =>
              row
                ? {
                    emailNotifications: row.email_notifications,
                    pushNotifications: row.push_notifications,
                    weeklyReports: row.weekly_reports,
                    postReminders: row.post_reminders,
                    failureAlerts: row.failure_alerts,
                  }
                : DEFAULT_NOTIFICATION_PREFERENCES,
            ),
          );

      const changePasswordWithCurrent = Effect.fn("Accounts.changePasswordWithCurrent")(function* (
        userId: string,
        input: { readonly currentPassword: string; readonly newPassword: string },
        keepSessionId: string | null,
        ctx: CommandContext,
      ) {
        const user = yield* mustFind(userId);
        // Guessing the current password from a signed-in session counts like failed sign-ins.
        const key = user.email.toLowerCase();
        const windowStart = new Date(ctx.now.getTime() - FAILED_LOGIN_WINDOW_MINUTES * 60_000);
        const [recent] = yield* db.query(
          (sql) => sql<{ failures: number; oldest: Date | null }[]>`
            select count(*)::int as failures, min(attempted_at) as oldest from login_attempts
            where lower(email) = ${key} and attempted_at > ${windowStart}`,
        );
        if (recent.failures >= MAX_FAILED_LOGINS && recent.oldest) {
          const freeAt = recent.oldest.getTime() + FAILED_LOGIN_WINDOW_MINUTES * 60_000;
          return yield* new TooManyAttempts({ minutes: Math.max(1, Math.ceil((freeAt - ctx.now.getTime()) / 60_000)) });
        }
        const [row] = yield* db.query(
          (sql) => sql<{ password_hash: string | null }[]>`select password_hash from users where id = ${userId}`,
        );
        const valid = row?.password_hash ? yield* passwords.verify(row.password_hash, input.currentPassword) : false;
        if (!valid) {
          yield* db.query((sql) => sql`insert into login_attempts (email, attempted_at) values (${key}, ${ctx.now})`);
          return yield* new InvalidInput({ message: CURRENT_PASSWORD_WRONG_MESSAGE, fields: { currentPassword: CURRENT_PASSWORD_WRONG_MESSAGE } });
        }
        const passwordHash = yield* passwords.hash(input.newPassword);
        yield* db.withTransaction(
          Effect.gen(function* () {
            yield* onUserCommand(user, changePassword({ passwordHash, via: "settings" }), ctx);
            yield* sessions.revokeAllOf(user.id, keepSessionId ? { except: keepSessionId } : undefined);
          }),
        );
      });

      const sessionsOf = (userId: string) =>
        Effect.map(sessions.list(userId), (list) => list.map((session): UserSession => ({ ...session, publicId: publicSessionId(session.id) })));

      const expireTrialOf = (workspaceId: string, ctx: CommandContext) =>
        Effect.map(onWorkspaceCommand(workspaceId, expireTrial({ workspaceId, now: ctx.now }), ctx), (result) => result.events.length > 0);

      return {
        register: (input, ctx) => registerWith(input, ctx, randomUUID()),
        signIn,
        startSession,
        findById,
        findByEmail,
        updateProfile: updateProfileOf,
        completeOnboarding: (userId, timeZone, ctx) =>
          Effect.gen(function* () {
            const user = yield* mustFind(userId);
            yield* onUserCommand(user, completeOnboarding({ timeZone }), ctx);
            return yield* mustFind(userId);
          }),
        requestPasswordReset,
        resetPassword,
        grantOperator: (email, ctx) =>
          Effect.gen(function* () {
            const user = yield* mustFindByEmail(email);
            yield* onUserCommand(user, grantOperator(), ctx);
            return yield* mustFind(user.id);
          }),
        setPlan: (email, tier, reason, ctx) =>
          Effect.gen(function* () {
            const user = yield* mustFindByEmail(email);
            yield* onWorkspaceCommand(user.workspaceId, changePlan({ workspaceId: user.workspaceId, tier, reason }), ctx);
            return yield* mustFind(user.id);
          }),
        expireTrial: expireTrialOf,
        expireDueTrials: (ctx) =>
          Effect.gen(function* () {
            const due = yield* db.query(
              (sql) => sql<{ id: string }[]>`select id from workspaces
                                             where subscription_tier = 'trial' and is_trial_active and trial_ends_at <= ${ctx.now}`,
            );
            let expired = 0;
            for (const { id } of due) if (yield* expireTrialOf(id, ctx)) expired++;
            return expired;
          }),
        notificationPreferences,
        setNotificationPreferences: (userId, preferences, ctx) =>
          Effect.gen(function* () {
            const user = yield* mustFind(userId);
            yield* onUserCommand(user, changeNotificationPreferences({ preferences }), ctx);
            return yield* notificationPreferences(userId);
          }),
        changePasswordWithCurrent,
        sessionsOf,
        revokeSession: (userId, publicId) =>
          Effect.gen(function* () {
            const session = (yield* sessionsOf(userId)).find((s) => s.publicId === publicId);
            if (!session) return yield* new NotFound({ what: "session" });
            yield* db.query((sql) => sql`delete from sessions where id = ${session.id} and user_id = ${userId}`);
          }),
        revokeOtherSessions: (userId, keepSessionId) =>
          db
            .query(
              (sql) => sql`delete from sessions where user_id = ${userId}
                           ${keepSessionId ? sql`and id <> ${keepSessionId}` : sql``}`,
            )
            .pipe(Effect.map((result) => result.count)),
        ensureDemoWorkspace: (now) =>
          Effect.gen(function* () {
            if (yield* findById(DEMO_USER_ID)) return;
            const ctx: CommandContext = {
              actor: personActing(DEMO_USER_ID),
              now,
              correlationId: randomUUID(),
              causationId: null,
            };
            yield* registerWith(
              {
                firstName: "Alex",
                lastName: "Morgan",
                email: "demo@socialdesk.app",
                company: "Morgan Family Dental",
                password: null,
                selectedPlan: "professional",
                timeZone: "America/New_York",
              },
              ctx,
              DEMO_USER_ID,
            );
            yield* Effect.flatMap(mustFind(DEMO_USER_ID), (user) =>
              Effect.all([
                onWorkspaceCommand(user.workspaceId, changePlan({ workspaceId: user.workspaceId, tier: "professional", reason: "demo workspace" }), ctx),
                onUserCommand(user, completeOnboarding({ timeZone: "America/New_York" }), ctx),
              ]),
            );
          }),
      };
    }),
  );
}
