import { Effect, Schema } from "effect";
import { defineEvents, type EventOf, type Upcaster } from "../shared";

/** Events of a user's stream (`user-{id}`) and of a workspace's stream (`workspace-{id}`). */
export const UserRegistered = Schema.Struct({
  userId: Schema.String,
  workspaceId: Schema.String,
  email: Schema.String,
  username: Schema.String,
  passwordHash: Schema.NullOr(Schema.String),
  firstName: Schema.String,
  lastName: Schema.String,
  company: Schema.String,
  selectedPlan: Schema.String,
  timeZone: Schema.String,
});

/**
 * The notification switches of Settings: the five of spec core §3 "Notification preferences", and
 * review alerts (issue 12), which events written before it existed read as on, and sandbox review
 * alerts (issue 29), read as off.
 */
export const NotificationPreferences = Schema.Struct({
  emailNotifications: Schema.Boolean,
  pushNotifications: Schema.Boolean,
  weeklyReports: Schema.Boolean,
  postReminders: Schema.Boolean,
  failureAlerts: Schema.Boolean,
  reviewAlerts: Schema.Boolean.pipe(Schema.withDecodingDefaultKey(Effect.succeed(true))),
  /** Review alerts about a sandbox account's made-up reviews too (issue 29): off unless asked for. */
  sandboxReviewAlerts: Schema.Boolean.pipe(Schema.withDecodingDefaultKey(Effect.succeed(false))),
});
export type NotificationPreferences = typeof NotificationPreferences.Type;

/**
 * The subscription's events, on the workspace's stream since the workspace became the subscriber.
 * Version 1 was written on the owner's user stream without `workspaceId`: it is read from the
 * event's metadata (every event of a registered user carries its workspace).
 */
const fromWorkspaceOfMetadata = (type: string): Upcaster => ({
  type,
  fromVersion: 1,
  upcast: (data, { metadata }) => ({ ...data, workspaceId: metadata.workspaceId }),
});

export const identityEvents = defineEvents(
  {
    UserRegistered,
    TrialStarted: Schema.Struct({ workspaceId: Schema.String, plan: Schema.String, endsAt: Schema.String }),
    TrialExpired: Schema.Struct({ workspaceId: Schema.String, endedAt: Schema.String }),
    PlanChanged: Schema.Struct({ workspaceId: Schema.String, tier: Schema.String, previousTier: Schema.String, reason: Schema.String }),
    ProfileUpdated: Schema.Struct({ username: Schema.String, email: Schema.String, timeZone: Schema.String }),
    PasswordChanged: Schema.Struct({ passwordHash: Schema.String, via: Schema.Literals(["settings", "reset"]) }),
    OperatorGranted: Schema.Struct({}),
    OnboardingCompleted: Schema.Struct({ timeZone: Schema.String }),
    /** The person works in another of their workspaces from now on (their own, or one whose team they joined). */
    WorkspaceSwitched: Schema.Struct({ workspaceId: Schema.String }),
    /** All five preferences as they are after the change. */
    NotificationPreferencesChanged: NotificationPreferences,
    WorkspaceCreated: Schema.Struct({
      workspaceId: Schema.String,
      name: Schema.String,
      ownerId: Schema.String,
      isDemo: Schema.Boolean,
      /** An agency's client workspace: the agency's own, whose plan it works on. */
      parentWorkspaceId: Schema.optionalKey(Schema.String),
    }),
    /** The owner handed the workspace to a member (the team records the roles that follow). */
    WorkspaceOwnerChanged: Schema.Struct({ workspaceId: Schema.String, ownerId: Schema.String, previousOwnerId: Schema.String }),
    /** An agency renamed one of its client workspaces or gave it a logo (an https:// address, or none). */
    ClientDetailsChanged: Schema.Struct({ workspaceId: Schema.String, name: Schema.String, logoUrl: Schema.NullOr(Schema.String) }),
  },
  {
    versions: { TrialStarted: 2, TrialExpired: 2, PlanChanged: 2 },
    upcasters: ["TrialStarted", "TrialExpired", "PlanChanged"].map(fromWorkspaceOfMetadata),
  },
);

type IdentityEvent = EventOf<typeof identityEvents.schemas>;
/** The workspace's stream: its creation and its subscription (plan, trial). */
export const WORKSPACE_EVENT_TYPES = [
  "WorkspaceCreated",
  "TrialStarted",
  "TrialExpired",
  "PlanChanged",
  "WorkspaceOwnerChanged",
  "ClientDetailsChanged",
] as const satisfies ReadonlyArray<IdentityEvent["type"]>;
export type WorkspaceEvent = Extract<IdentityEvent, { type: (typeof WORKSPACE_EVENT_TYPES)[number] }>;
export type UserEvent = Exclude<IdentityEvent, WorkspaceEvent>;

export const userStreamId = (userId: string) => `user-${userId}`;
export const workspaceStreamId = (workspaceId: string) => `workspace-${workspaceId}`;
