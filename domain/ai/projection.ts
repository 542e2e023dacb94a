import { insertRow, type Projection, type RowChange, updateRow } from "../shared";
import type { AiUsageEvent } from "./events";

/**
 * `ai_usage`: one row per workspace, month and kind, with the count of real uses so far (the event
 * carries it). Reservations and their releases hold or free a place in the quota, not a use: they
 * change no row.
 */
export const aiUsageProjection: Projection<AiUsageEvent> = {
  name: "ai-usage",
  kind: "inline",
  tables: [{ name: "ai_usage", key: ["workspace_id", "month", "kind"] }],
  handles: ["AiTextGenerated", "AiImageGenerated", "AiUseReserved", "AiUseReleased"],
  project: (event): ReadonlyArray<RowChange> => {
    if (event.type === "AiUseReserved" || event.type === "AiUseReleased") return [];
    const kind = event.type === "AiTextGenerated" ? "text" : "images";
    const { workspaceId, month, used } = event.data;
    const key = { workspace_id: workspaceId, month, kind };
    return used === 1
      ? [insertRow("ai_usage", { ...key, used, updated_at: event.createdAt })]
      : [updateRow("ai_usage", key, { used, updated_at: event.createdAt })];
  },
};
