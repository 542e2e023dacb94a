import { deleteRow, insertRow, type Projection, type RowChange, updateRow } from "../shared";
import { type ContentTemplateEvent, templateIdOfStream } from "./events";

/**
 * The `content_templates` read model: one row per live template, scoped by workspace_id and seen
 * by its author alone while private. `version` is the stream's, for a stale edit's 409.
 */
export const contentTemplatesProjection: Projection<ContentTemplateEvent> = {
  name: "content_templates",
  kind: "inline",
  tables: [{ name: "content_templates", key: ["id"] }],
  handles: [
    "ContentTemplateCreated",
    "ContentTemplateEdited",
    "ContentTemplateShared",
    "ContentTemplateUnshared",
    "ContentTemplateUsed",
    "ContentTemplateDeleted",
  ],
  project: (event): ReadonlyArray<RowChange> => {
    const key = { id: templateIdOfStream(event.streamId) };
    const at = event.createdAt;
    const update = (set: Record<string, unknown>) => [updateRow("content_templates", key, { ...set, version: event.streamVersion })];
    switch (event.type) {
      case "ContentTemplateCreated": {
        const d = event.data;
        return [
          insertRow("content_templates", {
            id: d.templateId,
            workspace_id: d.workspaceId,
            author_id: d.authorId,
            name: d.name,
            content: d.content,
            platforms: [...d.platforms],
            hashtags: [...d.hashtags],
            media_urls: [...d.mediaUrls],
            is_public: d.isPublic,
            usage_count: 0,
            last_used_at: null,
            version: event.streamVersion,
            created_at: at,
            updated_at: at,
          }),
        ];
      }
      case "ContentTemplateEdited": {
        const d = event.data;
        return update({
          ...(d.name !== undefined ? { name: d.name } : {}),
          ...(d.content !== undefined ? { content: d.content } : {}),
          ...(d.platforms !== undefined ? { platforms: [...d.platforms] } : {}),
          ...(d.hashtags !== undefined ? { hashtags: [...d.hashtags] } : {}),
          ...(d.mediaUrls !== undefined ? { media_urls: [...d.mediaUrls] } : {}),
          updated_at: at,
        });
      }
      case "ContentTemplateShared":
        return update({ is_public: true, updated_at: at });
      case "ContentTemplateUnshared":
        return update({ is_public: false, updated_at: at });
      case "ContentTemplateUsed":
        // A use is not an edit: the template's "updated" time stays.
        return update({ usage_count: event.data.usageCount, last_used_at: at });
      case "ContentTemplateDeleted":
        return [deleteRow("content_templates", key)];
    }
  },
};
