import { Effect } from "effect";
import type { RecordedEvent } from "../../domain/shared";
import { Database } from "../db/Database";
import type { Projection } from "../eventstore/projections";

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
  tables: ["audit_log"],
  handles: "all",
  apply: (event) =>
    Database.use((db) =>
      db.query(
        (sql) => sql`
          insert into audit_log (global_position, workspace_id, actor_id, stream_id, type, summary, occurred_at)
          values (${event.globalPosition}, ${event.metadata.workspaceId}, ${event.metadata.actorId},
                  ${event.streamId}, ${event.type}, ${summarize(event)}, ${event.createdAt})
          on conflict (global_position) do nothing`,
      ),
    ).pipe(Effect.asVoid),
  applyBatch: (events) =>
    Database.use((db) =>
      db.query(
        (sql) => sql`
          insert into audit_log (global_position, workspace_id, actor_id, stream_id, type, summary, occurred_at)
          select * from unnest(
            ${events.map((e) => e.globalPosition)}::bigint[],
            ${events.map((e) => e.metadata.workspaceId)}::uuid[],
            ${events.map((e) => e.metadata.actorId)}::uuid[],
            ${events.map((e) => e.streamId)}::text[],
            ${events.map((e) => e.type)}::text[],
            ${events.map(summarize)}::text[],
            ${events.map((e) => e.createdAt.toISOString())}::timestamptz[])
          on conflict (global_position) do nothing`,
      ),
    ).pipe(Effect.asVoid),
};
