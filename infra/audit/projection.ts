import { insertRow, type Projection, type RecordedEvent } from "../../domain/shared";

export type AuditSummaries = Readonly<Record<string, (data: any) => string>>;

/** A readable line for any event; a type without a summary reads as its name (a test keeps that from happening). */
export const summarize = (summaries: AuditSummaries, event: Pick<RecordedEvent, "type" | "data">): string =>
  summaries[event.type]?.(event.data) ?? event.type.replace(/([a-z])([A-Z])/g, "$1 $2");

/**
 * The kind stored for an event type that no module declares: only events of a test's own catalogue
 * (the modules' check fails while a registered event has no kind). No filter offers it.
 */
export const UNFILED_KIND = "unfiled";

/** The audit trail agencies read: who did what, when, per workspace, filed by kind of change. Kept behind the log, asynchronously. */
export const auditProjection = (summaries: AuditSummaries, kinds: ReadonlyMap<string, string>): Projection => ({
  name: "audit-log",
  kind: "async",
  tables: [{ name: "audit_log", key: ["global_position"] }],
  handles: "all",
  project: (event) => [
    insertRow("audit_log", {
      global_position: event.globalPosition,
      workspace_id: event.metadata.workspaceId,
      actor_id: event.metadata.actorId,
      via: event.metadata.via ?? null,
      stream_id: event.streamId,
      type: event.type,
      kind: kinds.get(event.type) ?? UNFILED_KIND,
      summary: summarize(summaries, event),
      occurred_at: event.createdAt,
    }),
  ],
});
