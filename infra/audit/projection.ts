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
};

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
