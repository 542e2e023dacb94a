import { AiFailed, AiQuotaReached, AiUnavailable, aiUsageEvents, aiUsageProjection } from "../../domain/ai";
import { defineModule, moduleApi } from "../module";
import { AiApi } from "./api";
import { aiHandlers } from "./api-handlers";
import { Ai } from "./Ai";

/** AI help: writing, images and reply drafts from an OpenAI-compatible server, metered per workspace and month. */
export const aiModule = defineModule({
  name: "ai",
  events: aiUsageEvents,
  auditKinds: [{ id: "ai", label: "AI use" }],
  layer: Ai.layer,
  api: [moduleApi(AiApi, aiHandlers)],
  projections: [aiUsageProjection],
  auditSummaries: {
    AiUseReserved: (d) => `Asked the AI for ${d.kind === "images" ? "an image" : "a text"}`,
    AiUseReleased: (d) =>
      `The AI ${d.kind === "images" ? "image" : "text"} was not used ${d.reason === "left" ? "(stopped before it was finished)" : "(the AI server failed or did not answer in time)"}: it does not count`,
    AiTextGenerated: (d) => `Used AI to ${d.purpose.startsWith("draft-") ? `draft a reply (${d.purpose.slice(6)})` : `write (${d.purpose})`}`,
    AiImageGenerated: () => "Created an AI image for the media library",
  },
  errors: [AiUnavailable, AiFailed, AiQuotaReached],
});
