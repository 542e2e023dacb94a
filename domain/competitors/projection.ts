import { deleteRow, insertRow, type Projection, type RowChange } from "../shared";
import type { CompetitorEvent } from "./events";

/**
 * The tracked competitors' read model (`competitors`). Their daily figures (`competitor_snapshots`)
 * are what the platform answered, stored by the snapshot job, not decisions: they are no events.
 */
export const competitorsProjection: Projection<CompetitorEvent> = {
  name: "competitors",
  kind: "inline",
  tables: [{ name: "competitors", key: ["id"] }],
  handles: ["CompetitorAdded", "CompetitorRemoved"],
  project: (event): ReadonlyArray<RowChange> => {
    const id = event.streamId.slice("competitor-".length);
    switch (event.type) {
      case "CompetitorAdded":
        return [
          insertRow("competitors", {
            id,
            workspace_id: event.data.workspaceId,
            platform: event.data.platform,
            handle: event.data.handle,
            external_id: event.data.externalId,
            name: event.data.name,
            avatar: event.data.avatar,
            url: event.data.url,
            created_at: event.createdAt,
          }),
        ];
      case "CompetitorRemoved":
        return [deleteRow("competitors", { id })];
    }
  },
};
