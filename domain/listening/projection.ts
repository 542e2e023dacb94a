import { deleteRow, insertRow, type Projection, type RowChange, updateRow } from "../shared";
import type { ListeningEvent } from "./events";

/**
 * The monitors' read model (`listening_monitors`). The posts they find (`listening_posts`) are what
 * the AppView answered, stored by the polling job, not decisions: they are no events.
 */
export const listeningProjection: Projection<ListeningEvent> = {
  name: "listening",
  kind: "inline",
  tables: [{ name: "listening_monitors", key: ["id"] }],
  handles: ["ListeningMonitorCreated", "ListeningMonitorChanged", "ListeningMonitorPaused", "ListeningMonitorResumed", "ListeningMonitorDeleted"],
  project: (event): ReadonlyArray<RowChange> => {
    const id = event.streamId.slice("listening-monitor-".length);
    switch (event.type) {
      case "ListeningMonitorCreated":
        return [
          insertRow("listening_monitors", {
            id,
            workspace_id: event.data.workspaceId,
            name: event.data.name,
            terms: [...event.data.terms],
            active: true,
            created_at: event.createdAt,
            updated_at: event.createdAt,
          }),
        ];
      case "ListeningMonitorChanged":
        return [updateRow("listening_monitors", { id }, { name: event.data.name, terms: [...event.data.terms], updated_at: event.createdAt })];
      case "ListeningMonitorPaused":
        return [updateRow("listening_monitors", { id }, { active: false, updated_at: event.createdAt })];
      case "ListeningMonitorResumed":
        return [updateRow("listening_monitors", { id }, { active: true, updated_at: event.createdAt })];
      case "ListeningMonitorDeleted":
        return [deleteRow("listening_monitors", { id })];
    }
  },
};
