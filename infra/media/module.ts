import { mediaEvents, mediaProjection, UploadRejected } from "../../domain/media";
import { defineModule, moduleApi } from "../module";
import { MediaApi } from "./api";
import { mediaHandlers } from "./api-handlers";
import { Media } from "./Media";

/** The media library. */
export const mediaModule = defineModule({
  name: "media",
  events: mediaEvents,
  auditKinds: [{ id: "media", label: "Media" }],
  layer: Media.layer,
  api: [moduleApi(MediaApi, mediaHandlers)],
  projections: [mediaProjection],
  errors: [UploadRejected],
  auditSummaries: {
    MediaUploaded: (d) => `Uploaded ${d.originalName}`,
    MediaTagged: (d) => `Tagged ${d.originalName}: ${d.tags.join(", ") || "no tags"}`,
    MediaDeleted: (d) => `Deleted ${d.originalName}`,
  },
});
