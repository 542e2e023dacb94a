import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { Guard, InvalidRequest, Requires } from "../web/api/guard";
import { ConflictProblem, ForbiddenProblem, InvalidInputProblem, NotFoundProblem, VersionConflictProblem } from "../web/api/problems";
import { zodPayload } from "../web/api/zod-payload";
import { CREATE_TEMPLATES, createTemplateSchema, updateTemplateSchema, WRITE_TEMPLATES } from "./schemas";
import { idOf } from "../web/api/item-id";

/** A content template as the API answers it (spec engagement §3): `ContentTemplate` of ./ContentTemplates. */
export const ContentTemplateSchema = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  content: Schema.String,
  platforms: Schema.Array(Schema.String),
  hashtags: Schema.Array(Schema.String).annotate({ description: "Each with its leading #." }),
  mediaUrls: Schema.Array(Schema.String),
  isPublic: Schema.Boolean.annotate({ description: "Shared with the team: the whole workspace sees it; otherwise its author alone." }),
  usageCount: Schema.Number,
  lastUsedAt: Schema.NullOr(Schema.String),
  authorId: Schema.String,
  authorName: Schema.String,
  canChange: Schema.Boolean.annotate({ description: "Its author, an owner or an admin may edit and delete it." }),
  createdAt: Schema.String,
  updatedAt: Schema.String,
  version: Schema.Number.annotate({ description: "The stream version: send it back with an edit to have a stale copy refused (409)." }),
}).annotate({ identifier: "ContentTemplate" });

/**
 * The content templates' operations (spec engagement §7), declared once: reading is open to anyone
 * of the workspace (their own templates and the team's, also after a downgrade); creating asks the
 * plan's content templates; editing, deleting and using ask `manage_posts` (the rules then say whose).
 * Served by ./api-handlers.ts; the Content Templates screen calls them through the typed client.
 */
export class ContentTemplatesApi extends HttpApiGroup.make("contentTemplates")
  .add(
    HttpApiEndpoint.get("list", "/api/content-templates", { success: Schema.Array(ContentTemplateSchema) }).annotate(
      OpenApi.Description,
      "The templates the caller sees (their own and the team's), last changed first.",
    ),
    HttpApiEndpoint.post("create", "/api/content-templates", {
      payload: zodPayload(createTemplateSchema, "NewContentTemplate"),
      success: ContentTemplateSchema.pipe(HttpApiSchema.status(201)),
      error: [InvalidInputProblem, ConflictProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, CREATE_TEMPLATES)
      .annotate(OpenApi.Description, "A new template; 201 with it. Plans without content templates answer 403; a workspace's 100th answers 409."),
    HttpApiEndpoint.get("get", "/api/content-templates/:id", { params: idOf("template"), success: ContentTemplateSchema, error: NotFoundProblem }).annotate(
      OpenApi.Description,
      "One template the caller sees; another workspace's and another member's private template answer 404.",
    ),
    HttpApiEndpoint.put("update", "/api/content-templates/:id", {
      params: idOf("template"),
      payload: zodPayload(updateTemplateSchema, "ContentTemplatePatch"),
      success: ContentTemplateSchema,
      error: [InvalidInputProblem, NotFoundProblem, ForbiddenProblem, VersionConflictProblem],
    })
      .annotate(Requires, WRITE_TEMPLATES)
      .annotate(
        OpenApi.Description,
        "Any of name, content, platforms, hashtags, mediaUrls, isPublic; `version` refuses a stale edit with 409. A team template that is not theirs answers a member 403.",
      ),
    HttpApiEndpoint.delete("remove", "/api/content-templates/:id", {
      params: idOf("template"),
      success: HttpApiSchema.NoContent,
      error: [NotFoundProblem, ForbiddenProblem, VersionConflictProblem],
    })
      .annotate(Requires, WRITE_TEMPLATES)
      .annotate(OpenApi.Description, "Deletes the template: 204."),
    HttpApiEndpoint.post("use", "/api/content-templates/:id/use", {
      params: idOf("template"),
      success: ContentTemplateSchema,
      error: [NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, WRITE_TEMPLATES)
      .annotate(OpenApi.Description, "Counts a use (no body) and answers the template with its new usageCount, to copy into the compose window."),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Content templates") {}
