import { deleteRow, insertRow, type Projection, type RowChange, updateRow } from "../shared";
import { hashtagGroupIdOfStream, type HashtagGroupEvent } from "./events";

/** The saved hashtag groups' read model (`hashtag_groups`), one row per live group. */
export const hashtagGroupsProjection: Projection<HashtagGroupEvent> = {
  name: "hashtag-groups",
  kind: "inline",
  tables: [{ name: "hashtag_groups", key: ["id"] }],
  handles: ["HashtagGroupSaved", "HashtagGroupChanged", "HashtagGroupDeleted"],
  project: (event): ReadonlyArray<RowChange> => {
    const id = hashtagGroupIdOfStream(event.streamId);
    switch (event.type) {
      case "HashtagGroupSaved":
        return [
          insertRow("hashtag_groups", {
            id,
            workspace_id: event.data.workspaceId,
            name: event.data.name,
            tags: [...event.data.tags],
            created_at: event.createdAt,
            updated_at: event.createdAt,
          }),
        ];
      case "HashtagGroupChanged":
        return [updateRow("hashtag_groups", { id }, { name: event.data.name, tags: [...event.data.tags], updated_at: event.createdAt })];
      case "HashtagGroupDeleted":
        return [deleteRow("hashtag_groups", { id })];
    }
  },
};
