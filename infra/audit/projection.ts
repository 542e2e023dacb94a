import { PLATFORMS } from "../../domain/accounts";
import { insertRow, type Projection, type RecordedEvent } from "../../domain/shared";

const SUMMARIES: Record<string, (data: any) => string> = {
  WorkspaceCreated: (d) => `Workspace "${d.name}" created`,
  UserRegistered: (d) => `${d.firstName} ${d.lastName} registered with ${d.email}`,
  TrialStarted: (d) => `Free trial of the ${d.plan} plan started, ending ${d.endsAt}`,
  TrialExpired: () => "Free trial ended",
  PlanChanged: (d) => `Plan changed from ${d.previousTier} to ${d.tier} (${d.reason})`,
  ProfileUpdated: (d) => `Profile updated (username ${d.username}, email ${d.email}, time zone ${d.timeZone})`,
  PasswordChanged: (d) => (d.via === "reset" ? "Password reset by e-mail link" : "Password changed"),
  OperatorGranted: () => "Operator access granted",
  OnboardingCompleted: (d) => `Onboarding completed (time zone ${d.timeZone})`,
  NotificationPreferencesChanged: () => "Notification preferences changed",
  AccountConnected: (d) => `${platformName(d.platform)} account "${d.accountName}" connected${d.kind === "sandbox" ? " (sandbox)" : d.kind === "listing" ? " (listing)" : ""}`,
  AccountReconnected: (d) => `Account "${d.accountName}" reconnected`,
  AccountProfileRefreshed: (d) => `Account "${d.accountName}" refreshed (${d.followers} followers)`,
  AccountPaused: () => "Account paused",
  AccountResumed: () => "Account resumed",
  AccountTokensRefreshed: () => "Account access renewed",
  AccountNeedsReconnect: (d) => `Account needs a reconnect: ${d.reason}`,
  AccountDisconnected: () => "Account disconnected",
  CategoryCreated: (d) => `Category "${d.name}" created`,
  CategoryUpdated: (d) => (d.name ? `Category renamed to "${d.name}"` : "Category updated"),
  CategoryMadeDefault: () => "Category made the default",
  CategoryDefaultRemoved: () => "Category no longer the default",
  CategoryDeleted: () => "Category deleted",
  MediaUploaded: (d) => `Uploaded ${d.originalName}`,
  MediaTagged: (d) => `Tagged ${d.originalName}: ${d.tags.join(", ") || "no tags"}`,
  MediaDeleted: (d) => `Deleted ${d.originalName}`,
  NoteAdded: (d) => `Calendar note added for ${d.date}`,
  NoteEdited: (d) => (d.date ? `Calendar note moved to ${d.date}` : "Calendar note edited"),
  NoteDeleted: () => "Calendar note deleted",
};

const platformName = (id: string) => PLATFORMS.find((p) => p.id === id)?.name ?? id;

/** A readable line for any event; new event types read well before they get a summary of their own. */
export const summarize = (event: RecordedEvent): string =>
  SUMMARIES[event.type]?.(event.data) ?? event.type.replace(/([a-z])([A-Z])/g, "$1 $2");

/** The audit trail agencies read: who did what, when, per workspace. Kept behind the log, asynchronously. */
export const auditProjection: Projection = {
  name: "audit-log",
  kind: "async",
  tables: [{ name: "audit_log", key: ["global_position"] }],
  handles: "all",
  project: (event) => [
    insertRow("audit_log", {
      global_position: event.globalPosition,
      workspace_id: event.metadata.workspaceId,
      actor_id: event.metadata.actorId,
      stream_id: event.streamId,
      type: event.type,
      summary: summarize(event),
      occurred_at: event.createdAt,
    }),
  ],
};
