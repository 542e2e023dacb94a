import { insertRow, type Projection, type RowChange, updateRow } from "../shared";
import { type BioContent, type BioPageEvent, workspaceOfBioStream } from "./events";

const contentRow = (content: BioContent) => ({
  title: content.title,
  bio: content.bio,
  profile_image: content.profileImage,
  theme: content.theme,
  social_links: content.socialLinks,
});

/**
 * The link-in-bio read model: `bio_pages` (one per workspace, its username unique) and `bio_links`.
 * A link's `position` orders the page: a reorder numbers them all from 0; a link added or restored
 * takes its event's stream version, always past them.
 */
export const bioPagesProjection: Projection<BioPageEvent> = {
  name: "bio-pages",
  kind: "inline",
  tables: [
    { name: "bio_pages", key: ["workspace_id"] },
    { name: "bio_links", key: ["id"] },
  ],
  handles: [
    "BioPageCreated",
    "BioPageEdited",
    "BioUsernameChosen",
    "BioPagePublished",
    "BioPageUnpublished",
    "BioLinkAdded",
    "BioLinkEdited",
    "BioLinksReordered",
    "BioLinkDeleted",
    "BioLinkRestored",
  ],
  project: (event): ReadonlyArray<RowChange> => {
    const workspaceId = workspaceOfBioStream(event.streamId);
    const at = event.createdAt;
    const page = (set: Record<string, unknown>) => [updateRow("bio_pages", { workspace_id: workspaceId }, { ...set, updated_at: at })];
    switch (event.type) {
      case "BioPageCreated": {
        const { workspaceId: _, ...content } = event.data;
        return [
          insertRow("bio_pages", { workspace_id: workspaceId, username: null, ...contentRow(content), is_published: false, created_at: at, updated_at: at }),
        ];
      }
      case "BioPageEdited":
        return page(contentRow(event.data));
      case "BioUsernameChosen":
        return page({ username: event.data.username });
      case "BioPagePublished":
        return page({ is_published: true });
      case "BioPageUnpublished":
        return page({ is_published: false });
      case "BioLinkAdded": {
        const { linkId, isVisible, ...fields } = event.data;
        return [
          insertRow("bio_links", {
            id: linkId,
            workspace_id: workspaceId,
            ...fields,
            is_visible: isVisible,
            position: event.streamVersion,
            created_at: at,
            updated_at: at,
            deleted_at: null,
          }),
        ];
      }
      case "BioLinkEdited": {
        const { linkId, isVisible, ...fields } = event.data;
        return [updateRow("bio_links", { id: linkId }, { ...fields, is_visible: isVisible, updated_at: at })];
      }
      case "BioLinksReordered":
        return event.data.linkIds.map((id, position) => updateRow("bio_links", { id }, { position }));
      case "BioLinkDeleted":
        return [updateRow("bio_links", { id: event.data.linkId }, { deleted_at: at, updated_at: at })];
      case "BioLinkRestored":
        return [updateRow("bio_links", { id: event.data.linkId }, { deleted_at: null, position: event.streamVersion, updated_at: at })];
    }
  },
};
