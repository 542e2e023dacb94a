import { randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import { changePlan, completeOnboarding, createWorkspace, EMAIL_TAKEN_MESSAGE, register, uniqueUsername, usernameBase } from "../../domain/identity";
import { type CommandContext, type ConcurrencyConflict, Conflict, type NotFound, personActing } from "../../domain/shared";
import type { CurrentUser } from "./current-user";
import { Passwords } from "../auth/Passwords";
import { config } from "../config";
import { Database, type SqlError, UNIQUE_VIOLATION } from "../db/Database";
import { identityStreams } from "./streams";
import { Users } from "./Users";

/** What the sign-up form gives. */
export interface RegistrationForm {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly company: string;
  readonly password: string | null;
  readonly selectedPlan: string;
  readonly timeZone: string;
}

/** What the form of a team invitation gives: the address is the invitation's. */
export interface MemberForm {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly password: string;
  readonly timeZone: string;
}

/** What joining a workspace may fail with: the invitation's refusals, a race, the database. */
type JoinError = Conflict | NotFound | SqlError | ConcurrencyConflict;

/** The demo workspace's owner (`/app/dashboard?demo=true`): no password, no reset link. */
export const DEMO_USER_ID = "00000000-0000-4000-8000-00000000de30";
export const DEMO_WORKSPACE_ID = "00000000-0000-4000-8000-00000000de31";

/** Signing up: a user, their workspace and its trial; and the demo workspace, registered the same way. */
export class Registration extends Context.Service<
  Registration,
  {
    readonly register: (input: RegistrationForm, ctx: CommandContext) => Effect.Effect<CurrentUser, Conflict | SqlError | ConcurrencyConflict>;
    /**
     * Signing up through a team invitation: the person's account in the inviting workspace, with no
     * workspace or trial of their own; `join` records the joining in the same transaction.
     */
    readonly registerInWorkspace: (
      input: MemberForm,
      workspace: { readonly id: string; readonly company: string; readonly selectedPlan: string },
      ctx: CommandContext,
      join: (userId: string, ctx: CommandContext) => Effect.Effect<unknown, JoinError>,
    ) => Effect.Effect<CurrentUser, JoinError>;
    /** Registers the demo user and workspace (professional plan, onboarded) unless they exist. */
    readonly ensureDemoWorkspace: (now: Date) => Effect.Effect<void, Conflict | NotFound | SqlError | ConcurrencyConflict>;
  }
>()("app/Registration") {
  static layer = Layer.effect(
    Registration,
    Effect.gen(function* () {
      const db = yield* Database;
      const users = yield* Users;
      const passwords = yield* Passwords;
      const { onUserCommand, onWorkspaceCommand, onNewWorkspace } = yield* identityStreams;

      const takenUsernames = (base: string) =>
        db
          .query(
            (sql) => sql<{ username: string }[]>`select lower(username) as username from users
                                                 where lower(username) like ${`${base}%`}`,
          )
          .pipe(Effect.map((rows) => new Set(rows.map((r) => r.username))));

      const registerOnce = (input: RegistrationForm, ctx: CommandContext, userId: string, workspaceId: string, passwordHash: string | null, username: string) =>
        db.withTransaction(
          Effect.gen(function* () {
            // The visitor who registers is the person who acts from now on.
            const registrant: CommandContext = ctx.actor.kind === "visitor" ? { ...ctx, actor: personActing(userId) } : ctx;
            yield* onNewWorkspace(
              workspaceId,
              createWorkspace({
                workspaceId,
                name: input.company,
                ownerId: userId,
                isDemo: userId === DEMO_USER_ID,
                selectedPlan: input.selectedPlan,
                trialDays: config().TRIAL_DAYS,
                now: ctx.now,
              }),
              registrant,
            );
            yield* onUserCommand(
              { id: userId, workspaceId },
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
              registrant,
            );
          }),
        );

      const registerWith = (input: RegistrationForm, ctx: CommandContext, userId: string) =>
        Effect.gen(function* () {
          if (yield* users.findByEmail(input.email)) return yield* new Conflict({ message: EMAIL_TAKEN_MESSAGE });
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
          return yield* users.getById(userId);
        }).pipe(Effect.catchTag("NotFound", () => Effect.die(new Error("registered user not found"))));

      const registerInWorkspace = (
        input: MemberForm,
        workspace: { readonly id: string; readonly company: string; readonly selectedPlan: string },
        ctx: CommandContext,
        join: (userId: string, ctx: CommandContext) => Effect.Effect<unknown, JoinError>,
      ): Effect.Effect<CurrentUser, JoinError> =>
        Effect.gen(function* () {
          if (yield* users.findByEmail(input.email)) return yield* new Conflict({ message: EMAIL_TAKEN_MESSAGE });
          const userId = randomUUID();
          const member: CommandContext = { ...ctx, actor: personActing(userId) };
          const passwordHash = yield* passwords.hash(input.password);
          const base = usernameBase(input.email);
          const username = uniqueUsername(base, yield* takenUsernames(base));
          yield* db
            .withTransaction(
              Effect.gen(function* () {
                yield* onUserCommand(
                  { id: userId, workspaceId: workspace.id },
                  register({
                    userId,
                    workspaceId: workspace.id,
                    email: input.email.trim().toLowerCase(),
                    username,
                    passwordHash,
                    firstName: input.firstName.trim(),
                    lastName: input.lastName.trim(),
                    company: workspace.company,
                    selectedPlan: workspace.selectedPlan,
                    timeZone: input.timeZone,
                  }),
                  member,
                );
                yield* join(userId, member);
              }),
            )
            .pipe(
              Effect.catchTag("SqlError", (error): Effect.Effect<never, Conflict | SqlError> =>
                error.code === UNIQUE_VIOLATION ? Effect.fail(new Conflict({ message: EMAIL_TAKEN_MESSAGE })) : Effect.fail(error),
              ),
            );
          return yield* users.getById(userId).pipe(Effect.catchTag("NotFound", () => Effect.die(new Error("registered member not found"))));
        });

      return {
        registerInWorkspace,
        register: Effect.fn("Registration.register")(function* (input: RegistrationForm, ctx: CommandContext) {
          return yield* registerWith(input, ctx, randomUUID());
        }),
        ensureDemoWorkspace: Effect.fn("Registration.ensureDemoWorkspace")(function* (now: Date) {
          if (yield* users.findById(DEMO_USER_ID)) return;
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
          const user = yield* users.getById(DEMO_USER_ID);
          yield* Effect.all([
            onWorkspaceCommand(user.workspaceId, changePlan({ workspaceId: user.workspaceId, tier: "professional", reason: "demo workspace" }), ctx),
            onUserCommand(user, completeOnboarding({ timeZone: "America/New_York" }), ctx),
          ]);
        }),
      };
    }),
  );
}
