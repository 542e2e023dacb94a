import { insertRow, type Projection, type RowChange, updateRow } from "../shared";
import type { ReviewEvent } from "./events";

/** The reviews' read model (`reviews`): one row per review, with its response and flags. */
export const reviewsProjection: Projection<ReviewEvent> = {
  name: "reviews",
  kind: "inline",
  tables: [{ name: "reviews", key: ["id"] }],
  handles: [
    "ReviewReceived",
    "ReviewRevised",
    "ReviewResponded",
    "ReviewResponseEdited",
    "ReviewResponseDeleted",
    "ReviewFlagged",
    "ReviewUnflagged",
    "ReviewMarkedRead",
  ],
  project: (event): ReadonlyArray<RowChange> => {
    const id = event.streamId.slice("review-".length);
    const at = event.createdAt;
    switch (event.type) {
      case "ReviewReceived": {
        const d = event.data;
        return [
          insertRow("reviews", {
            id,
            workspace_id: d.workspaceId,
            account_id: d.accountId,
            platform: d.platform,
            location_id: d.locationId,
            external_id: d.externalId,
            reviewer_name: d.reviewerName,
            reviewer_avatar: d.reviewerAvatar,
            rating: d.rating,
            content: d.content,
            reviewed_at: new Date(d.reviewedAt),
            url: d.url,
            source: d.source,
            response_text: null,
            response_way: null,
            responded_at: null,
            flagged: false,
            flag_reason: null,
            read: false,
            received_at: at,
            updated_at: at,
          }),
        ];
      }
      case "ReviewRevised":
        return [updateRow("reviews", { id }, { rating: event.data.rating, content: event.data.content, read: false, updated_at: at })];
      case "ReviewResponded":
        return [
          updateRow(
            "reviews",
            { id },
            { response_text: event.data.text, response_way: event.data.way, responded_at: new Date(event.data.respondedAt), read: true, updated_at: at },
          ),
        ];
      case "ReviewResponseEdited":
        return [
          updateRow(
            "reviews",
            { id },
            { response_text: event.data.text, response_way: event.data.way, responded_at: new Date(event.data.editedAt), updated_at: at },
          ),
        ];
      case "ReviewResponseDeleted":
        return [updateRow("reviews", { id }, { response_text: null, response_way: null, responded_at: null, updated_at: at })];
      case "ReviewFlagged":
        return [updateRow("reviews", { id }, { flagged: true, flag_reason: event.data.reason, updated_at: at })];
      case "ReviewUnflagged":
        return [updateRow("reviews", { id }, { flagged: false, flag_reason: null, updated_at: at })];
      case "ReviewMarkedRead":
        return [updateRow("reviews", { id }, { read: true, updated_at: at })];
    }
  },
};
