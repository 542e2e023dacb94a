import { insertRow, type Projection, type RowChange, updateRow } from "../shared";
import type { UserEvent, WorkspaceEvent } from "./events";

const userKey = (streamId: string) => ({ id: streamId.slice("user-".length) });

/** The users, workspaces and notification preferences read models. */
export const identityProjection: Projection<UserEvent | WorkspaceEvent> = {
  name: "identity",
  kind: "inline",
  tables: [
    { name: "workspaces", key: ["id"] },
    { name: "users", key: ["id"] },
    { name: "notification_preferences", key: ["user_id"] },
  ],
  handles: [
    "WorkspaceCreated",
    "UserRegistered",
    "TrialStarted",
    "TrialExpired",
    "PlanChanged",
    "WorkspaceOwnerChanged",
    "ClientDetailsChanged",
    "ProfileUpdated",
    "PasswordChanged",
    "OperatorGranted",
    "OnboardingCompleted",
    "WorkspaceSwitched",
    "NotificationPreferencesChanged",
  ],
  project: (event): ReadonlyArray<RowChange> => {
    const at = event.createdAt;
    const user = (set: Record<string, unknown>) => [updateRow("users", userKey(event.streamId), { ...set, updated_at: at })];
    const workspace = (id: string, set: Record<string, unknown>) => [updateRow("workspaces", { id }, set)];
    switch (event.type) {
      case "WorkspaceCreated": {
        const d = event.data;
        return [
          insertRow("workspaces", {
            id: d.workspaceId,
            name: d.name,
            owner_id: d.ownerId,
            is_demo: d.isDemo,
            parent_workspace_id: d.parentWorkspaceId ?? null,
            subscription_tier: "trial",
            subscription_status: "trial",
            trial_ends_at: null,
            is_trial_active: false,
            created_at: at,
          }),
        ];
      }
      case "UserRegistered": {
        const d = event.data;
        return [
          insertRow("users", {
            id: d.userId,
            workspace_id: d.workspaceId,
            email: d.email,
            username: d.username,
            password_hash: d.passwordHash,
            first_name: d.firstName,
            last_name: d.lastName,
            company: d.company,
            selected_plan: d.selectedPlan,
            team_role: "owner",
            time_zone: d.timeZone,
            is_operator: false,
            onboarded_at: null,
            created_at: at,
            updated_at: at,
          }),
          insertRow("notification_preferences", { user_id: d.userId }),
        ];
      }
      // The subscription is the workspace's (older events, on the owner's stream, are upcast with it).
      case "TrialStarted":
        return workspace(event.data.workspaceId, {
          subscription_tier: "trial",
          subscription_status: "trial",
          trial_ends_at: new Date(event.data.endsAt),
          is_trial_active: true,
        });
      case "TrialExpired":
        return workspace(event.data.workspaceId, { is_trial_active: false, subscription_status: "expired" });
      case "PlanChanged":
        // Back to trial keeps the trial as it was; any paid plan ends it.
        return event.data.tier === "trial"
          ? workspace(event.data.workspaceId, { subscription_tier: "trial", subscription_status: "trial" })
          : workspace(event.data.workspaceId, { subscription_tier: event.data.tier, subscription_status: "active", is_trial_active: false });
      case "WorkspaceOwnerChanged":
        return workspace(event.data.workspaceId, { owner_id: event.data.ownerId });
      case "ClientDetailsChanged":
        return workspace(event.data.workspaceId, { name: event.data.name, logo_url: event.data.logoUrl });
      case "ProfileUpdated":
        return user({ username: event.data.username, email: event.data.email, time_zone: event.data.timeZone });
      case "PasswordChanged":
        return user({ password_hash: event.data.passwordHash });
      case "OperatorGranted":
        return user({ is_operator: true });
      case "WorkspaceSwitched":
        return user({ workspace_id: event.data.workspaceId });
      case "OnboardingCompleted":
        return user({ onboarded_at: at, time_zone: event.data.timeZone });
      case "NotificationPreferencesChanged": {
        const d = event.data;
        return [
          updateRow(
            "notification_preferences",
            { user_id: userKey(event.streamId).id },
            {
              email_notifications: d.emailNotifications,
              push_notifications: d.pushNotifications,
              weekly_reports: d.weeklyReports,
              post_reminders: d.postReminders,
              failure_alerts: d.failureAlerts,
              review_alerts: d.reviewAlerts,
              sandbox_review_alerts: d.sandboxReviewAlerts,
            },
          ),
        ];
      }
    }
  },
};
