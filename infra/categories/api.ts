import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { CATEGORY_COLORS } from "../../domain/categories/rules";
import { Guard, InvalidRequest, Requires } from "../web/api/guard";
import { ConflictProblem, InvalidInputProblem, NotFoundProblem, VersionConflictProblem } from "../web/api/problems";
import { zodPayload } from "../web/api/zod-payload";
import { createCategorySchema, evergreenSchema, updateCategorySchema } from "./schemas";
import { idOf } from "../web/api/item-id";

/** A category as the API answers it (spec core §3, engagement §3): `Category` of ./Categories. */
export const CategorySchema = Schema.Struct({
  id: Schema.String,
  userId: Schema.String,
  name: Schema.String,
  description: Schema.String,
  color: Schema.Literals(CATEGORY_COLORS),
  isDefault: Schema.Boolean,
  platforms: Schema.Array(Schema.String),
  createdAt: Schema.String,
  updatedAt: Schema.String,
  version: Schema.Number.annotate({ description: "The stream version: send it back with an edit to have a stale copy refused (409)." }),
  evergreen: Schema.Struct({
    enabled: Schema.Boolean,
    everyDays: Schema.Number,
    minGapDays: Schema.Number,
    maxRepeats: Schema.Number,
    nextRepeatAt: Schema.NullOr(Schema.String),
    lastRepeatAt: Schema.NullOr(Schema.String),
    postsToRepeat: Schema.Number,
  }),
}).annotate({ identifier: "Category" });

const writes = { permission: "manage_posts" } as const;

/**
 * The categories module's operations, declared once: path, body, what the caller needs, the answer
 * and each refusal with its status. Served by ./api-handlers.ts; the Categories screen calls them
 * through the typed client (src/lib/api/client.ts).
 */
export class CategoriesApi extends HttpApiGroup.make("categories")
  .add(
    HttpApiEndpoint.get("list", "/api/categories", { success: Schema.Array(CategorySchema) }).annotate(
      OpenApi.Description,
      "The workspace's categories, default first, then by name.",
    ),
    HttpApiEndpoint.post("create", "/api/categories", {
      payload: zodPayload(createCategorySchema, "NewCategory"),
      success: CategorySchema.pipe(HttpApiSchema.status(201)),
      error: [InvalidInputProblem, ConflictProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, writes)
      .annotate(OpenApi.Description, "A new category (color blue unless given); 201 with it."),
    HttpApiEndpoint.get("get", "/api/categories/:id", { params: idOf("category"), success: CategorySchema, error: NotFoundProblem }).annotate(
      OpenApi.Description,
      "One category of the workspace; any other id, another workspace's included, answers 404.",
    ),
    HttpApiEndpoint.put("update", "/api/categories/:id", {
      params: idOf("category"),
      payload: zodPayload(updateCategorySchema, "CategoryPatch"),
      success: CategorySchema,
      error: [InvalidInputProblem, ConflictProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, writes)
      .annotate(OpenApi.Description, "Any of name, description, color, isDefault, platforms; `version` refuses a stale edit with 409."),
    HttpApiEndpoint.delete("remove", "/api/categories/:id", {
      params: idOf("category"),
      success: HttpApiSchema.NoContent,
      error: [NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, writes)
      .annotate(OpenApi.Description, "Deletes the category: 204."),
    HttpApiEndpoint.put("evergreen", "/api/categories/:id/evergreen", {
      params: idOf("category"),
      payload: zodPayload(evergreenSchema, "EvergreenSettings"),
      success: CategorySchema,
      error: [InvalidInputProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, { ...writes, feature: "content_recycling" })
      .annotate(
        OpenApi.Description,
        "Evergreen recycling on (settings not given stay as they were, the defaults at first) or off. Plans without content recycling answer 403.",
      ),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Categories") {}
