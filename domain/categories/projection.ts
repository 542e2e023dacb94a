import { deleteRow, insertRow, type Projection, type RowChange, updateRow } from "../shared";
import { categoryIdOfStream, type CategoryEvent } from "./events";

/**
 * The `categories` read model: one row per live category, scoped by workspace_id. `version` is the
 * stream's, so a client can send it back and an edit of a stale copy is a 409.
 */
export const categoriesProjection: Projection<CategoryEvent> = {
  name: "categories",
  kind: "inline",
  tables: [{ name: "categories", key: ["id"] }],
  handles: [
    "CategoryCreated",
    "CategoryUpdated",
    "CategoryMadeDefault",
    "CategoryDefaultRemoved",
    "CategoryDeleted",
    "CategoryMadeEvergreen",
    "CategoryEvergreenChanged",
    "CategoryEvergreenStopped",
    "CategoryPostRecycled",
  ],
  project: (event): ReadonlyArray<RowChange> => {
    const key = { id: categoryIdOfStream(event.streamId) };
    const at = event.createdAt;
    const update = (set: Record<string, unknown>) => [updateRow("categories", key, { ...set, version: event.streamVersion, updated_at: at })];
    switch (event.type) {
      case "CategoryCreated": {
        const d = event.data;
        return [
          insertRow("categories", {
            id: d.categoryId,
            workspace_id: d.workspaceId,
            user_id: d.userId,
            name: d.name,
            description: d.description,
            color: d.color,
            is_default: d.isDefault,
            platforms: [...d.platforms],
            version: event.streamVersion,
            created_at: at,
            updated_at: at,
          }),
        ];
      }
      case "CategoryUpdated": {
        const d = event.data;
        return update({
          ...(d.name !== undefined ? { name: d.name } : {}),
          ...(d.description !== undefined ? { description: d.description } : {}),
          ...(d.color !== undefined ? { color: d.color } : {}),
          ...(d.platforms !== undefined ? { platforms: [...d.platforms] } : {}),
        });
      }
      case "CategoryMadeDefault":
        return update({ is_default: true });
      case "CategoryDefaultRemoved":
        return update({ is_default: false });
      case "CategoryDeleted":
        return [deleteRow("categories", key)];
      case "CategoryMadeEvergreen": {
        const d = event.data;
        return update({
          evergreen: true,
          evergreen_every_days: d.everyDays,
          evergreen_min_gap_days: d.minGapDays,
          evergreen_max_repeats: d.maxRepeats,
          evergreen_next_at: new Date(d.nextRepeatAt),
        });
      }
      case "CategoryEvergreenChanged": {
        const d = event.data;
        return update({
          ...(d.everyDays !== undefined ? { evergreen_every_days: d.everyDays } : {}),
          ...(d.minGapDays !== undefined ? { evergreen_min_gap_days: d.minGapDays } : {}),
          ...(d.maxRepeats !== undefined ? { evergreen_max_repeats: d.maxRepeats } : {}),
          evergreen_next_at: new Date(d.nextRepeatAt),
        });
      }
      case "CategoryEvergreenStopped":
        return update({ evergreen: false });
      case "CategoryPostRecycled":
        // The job's doing, not an edit: updated_at stays.
        return [
          updateRow("categories", key, {
            evergreen_next_at: new Date(event.data.nextRepeatAt),
            evergreen_last_at: new Date(event.data.recycledAt),
            version: event.streamVersion,
          }),
        ];
    }
  },
};
