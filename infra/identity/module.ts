import { Effect, Layer } from "effect";
import {
  identityEvents,
  identityProjection,
  InvalidCredentials,
  KNOWN_DEVICE_DAYS,
  NoWorkspaceAccess,
  TooManyAttempts,
  WORKSPACE_EVENT_TYPES,
} from "../../domain/identity";
import { systemContext } from "../../domain/shared";
import { Sessions } from "../auth/Sessions";
import { Database } from "../db/Database";
import { defineModule, moduleApi } from "../module";
import { AccountApi, SignInApi, WorkspacesApi } from "./api";
import { accountHandlers, signInHandlers, workspacesHandlers } from "./api-handlers";
import { trialEndReaction } from "./reactions";
import { Registration } from "./Registration";
import { SignIn } from "./SignIn";
import { Trials } from "./Trials";
import { UserAdmin } from "./UserAdmin";
import { Users } from "./Users";
import { Workspaces } from "./Workspaces";
import { UserSettings } from "./UserSettings";
import { installApiFastLane } from "./fast-lane";
import { TeamMemberships, type TeamMembershipsShape } from "./ports";
import { reachLayer } from "./reach";

const DAY_MS = 86_400_000;

/**
 * Users (the people who sign in), their workspaces, sign-in and trials. Social accounts are the
 * accounts module. Who is in which team is the team's (above identity): a port (infra/identity/ports.ts)
 * the team module answers.
 */
export const identityModule = defineModule({
  name: "identity",
  events: identityEvents,
  auditKinds: [
    { id: "plan", label: "Plan and workspace", events: WORKSPACE_EVENT_TYPES },
    { id: "people", label: "People's settings" },
  ],
  layer: Layer.mergeAll(Registration.layer, UserSettings.layer, UserAdmin.layer, Trials.layer, reachLayer).pipe(
    Layer.provideMerge(SignIn.layer),
    Layer.provideMerge(Workspaces.layer),
    Layer.provideMerge(Users.layer),
  ),
  api: [moduleApi(SignInApi, signInHandlers), moduleApi(AccountApi, accountHandlers), moduleApi(WorkspacesApi, workspacesHandlers)],
  projections: [identityProjection],
  reactions: [trialEndReaction],
  errors: [InvalidCredentials, TooManyAttempts, NoWorkspaceAccess],
  tasks: {
    /** A trial's own job at its end (the hourly sweep catches any it missed). */
    expire_trial: (payload, job) =>
      Effect.gen(function* () {
        // Jobs added before the workspace became the subscriber name the owner.
        const { workspaceId, userId } = payload as { workspaceId?: string; userId?: string };
        const workspace = workspaceId ?? (userId ? (yield* (yield* Users).findById(userId))?.workspaceId : undefined);
        if (workspace) yield* (yield* Trials).expireTrial(workspace, systemContext("trials", job.now, `job-${job.id}`));
      }),
    expire_trials: (_payload, job) =>
      Effect.map(
        Trials.use((trials) => trials.expireDueTrials(systemContext("trials", job.now, `job-${job.id}`))),
        (expired) => (expired > 0 ? `Ended ${expired} trial(s)` : undefined),
      ),
    /** Sessions, reset tokens, failed sign-ins and known devices past their use. */
    purge_expired_auth: (_payload, job) =>
      Effect.gen(function* () {
        const sessions = yield* (yield* Sessions).purgeExpired(job.now);
        const db = yield* Database;
        const tokens = yield* db.query((sql) => sql`delete from password_reset_tokens where expires_at <= ${job.now}`);
        yield* db.query((sql) => sql`delete from login_attempts where attempted_at < ${new Date(job.now.getTime() - DAY_MS)}`);
        yield* db.query((sql) => sql`delete from known_devices where last_used_at < ${new Date(job.now.getTime() - KNOWN_DEVICE_DAYS * DAY_MS)}`);
        return `Removed ${sessions} expired session(s) and ${tokens.count} reset token(s)`;
      }),
  },
  cron: ["0 3 * * * purge_expired_auth", "7 * * * * expire_trials"],
  processes: ["trials", "cli"],
  // GET /api/auth/user's common case, answered in front of Astro with the declared bytes.
  lanes: [
    {
      name: "GET /api/auth/user",
      install: ({ server, databaseUrl, runtime }) =>
        installApiFastLane(server, databaseUrl, runtime.runPromise(TeamMemberships.use((team) => Effect.succeed(team)) as Effect.Effect<TeamMembershipsShape>)),
    },
  ],
  auditSummaries: {
    WorkspaceCreated: (d) => `Workspace "${d.name}" created`,
    WorkspaceOwnerChanged: () => "Handed the workspace to a new owner",
    ClientDetailsChanged: (d) => (d.logoUrl ? `Named the client "${d.name}", with a logo` : `Named the client "${d.name}"`),
    UserRegistered: (d) => `${d.firstName} ${d.lastName} registered with ${d.email}`,
    TrialStarted: (d) => `Free trial of the ${d.plan} plan started, ending ${d.endsAt}`,
    TrialExpired: () => "Free trial ended",
    PlanChanged: (d) => `Plan changed from ${d.previousTier} to ${d.tier} (${d.reason})`,
    ProfileUpdated: (d) => `Profile updated (username ${d.username}, email ${d.email}, time zone ${d.timeZone})`,
    PasswordChanged: (d) => (d.via === "reset" ? "Password reset by e-mail link" : "Password changed"),
    OperatorGranted: () => "Operator access granted",
    WorkspaceSwitched: () => "Switched to another workspace",
    OnboardingCompleted: (d) => `Onboarding completed (time zone ${d.timeZone})`,
    NotificationPreferencesChanged: () => "Notification preferences changed",
  },
});
