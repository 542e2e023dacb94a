import { Schema } from "effect";
import type { DomainEvent } from "../shared";

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

/** The five notification switches of Settings (spec core §3 "Notification preferences"). */
export interface NotificationPreferences {
  readonly emailNotifications: boolean;
  readonly pushNotifications: boolean;
  readonly weeklyReports: boolean;
  readonly postReminders: boolean;
  readonly failureAlerts: boolean;
}

export type UserEvent =
  | DomainEvent<"UserRegistered", typeof UserRegistered.Type>
  | DomainEvent<"TrialStarted", { readonly plan: string; readonly endsAt: string }>
  | DomainEvent<"TrialExpired", { readonly endedAt: string }>
  | DomainEvent<"PlanChanged", { readonly tier: string; readonly previousTier: string; readonly reason: string }>
  | DomainEvent<"ProfileUpdated", { readonly username: string; readonly email: string; readonly timeZone: string }>
  | DomainEvent<"PasswordChanged", { readonly passwordHash: string; readonly via: "settings" | "reset" }>
  | DomainEvent<"OperatorGranted", Record<string, never>>
  | DomainEvent<"OnboardingCompleted", { readonly timeZone: string }>
  /** All five preferences as they are after the change. */
  | DomainEvent<"NotificationPreferencesChanged", NotificationPreferences>;

export type WorkspaceEvent = DomainEvent<
  "WorkspaceCreated",
  { readonly workspaceId: string; readonly name: string; readonly ownerId: string; readonly isDemo: boolean }
>;

export const userStreamId = (userId: string) => `user-${userId}`;
export const workspaceStreamId = (workspaceId: string) => `workspace-${workspaceId}`;
