import { contentTemplateEvents, contentTemplatesProjection } from "../../domain/content-templates";
import { defineModule, moduleApi } from "../module";
import { ContentTemplatesApi } from "./api";
import { contentTemplatesHandlers } from "./api-handlers";
import { ContentTemplates } from "./ContentTemplates";
import { ensureDemoTemplates } from "./demo";

/** Content templates: reusable posts (text, hashtags, platforms, media), private to their author or shared with the team. */
export const contentTemplatesModule = defineModule({
  name: "contentTemplates",
  events: contentTemplateEvents,
  auditKinds: [{ id: "content-templates", label: "Content templates" }],
  layer: ContentTemplates.layer,
  api: [moduleApi(ContentTemplatesApi, contentTemplatesHandlers)],
  projections: [contentTemplatesProjection],
  demo: (seed) => ensureDemoTemplates(seed.caller),
  auditSummaries: {
    ContentTemplateCreated: (d) => `Template "${d.name}" created${d.isPublic ? " and shared with the team" : ""}`,
    ContentTemplateEdited: (d) => (d.name ? `Template renamed to "${d.name}"` : "Template edited"),
    ContentTemplateShared: () => "Template shared with the team",
    ContentTemplateUnshared: () => "Template made private",
    ContentTemplateUsed: (d) => `Template used (${d.usageCount} ${d.usageCount === 1 ? "time" : "times"} in all)`,
    ContentTemplateDeleted: () => "Template deleted",
  },
});
