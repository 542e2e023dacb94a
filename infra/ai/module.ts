import { AiFailed, AiQuotaReached, AiUnavailable, aiUsageEvents, aiUsageProjection } from "../../domain/ai";
import { defineModule } from "../module";
import { Ai } from "./Ai";

/** AI help: writing, images and reply drafts from an OpenAI-compatible server, metered per workspace and month. */
export const aiModule = defineModule({
  name: "ai",
  events: aiUsageEvents,
  layer: Ai.layer,
  projections: [aiUsageProjection],
  auditSummaries: {
    AiTextGenerated: (d) => `Used AI to ${d.purpose.startsWith("draft-") ? `draft a reply (${d.purpose.slice(6)})` : `write (${d.purpose})`}`,
    AiImageGenerated: () => "Created an AI image for the media library",
  },
  errors: [AiUnavailable, AiFailed, AiQuotaReached],
});
