import { mediaEvents, mediaProjection, UploadRejected } from "../../domain/media";
import { defineModule, moduleApi } from "../module";
import { MediaApi } from "./api";
import { mediaHandlers } from "./api-handlers";
import { Media } from "./Media";
import { ensureDemoMedia } from "./demo";

/** The media library. */
export const mediaModule = defineModule({
  name: "media",
  events: mediaEvents,
  auditKinds: [{ id: "media", label: "Media" }],
  layer: Media.layer,
  api: [moduleApi(MediaApi, mediaHandlers)],
  projections: [mediaProjection],
  errors: [UploadRejected],
  demo: (seed) => ensureDemoMedia({ userId: seed.userId, workspaceId: seed.caller.workspaceId, tier: seed.caller.plan }, seed.now),
  auditSummaries: {
    MediaUploaded: (d) => `Uploaded ${d.originalName}`,
    MediaTagged: (d) => `Tagged ${d.originalName}: ${d.tags.join(", ") || "no tags"}`,
    MediaDeleted: (d) => `Deleted ${d.originalName}`,
  },
});
