import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { API_KEY_ACCESS } from "../../domain/api-access/rules";
import { Guard, InvalidRequest, PeopleOnly, Requires } from "../web/api/guard";
import { idOf } from "../web/api/item-id";
import { ConflictProblem, InvalidInputProblem, NotFoundProblem, VersionConflictProblem } from "../web/api/problems";
import { zodPayload } from "../web/api/zod-payload";
import { newApiKeySchema } from "./schemas";

const fields = {
  id: Schema.String,
  name: Schema.String,
  access: Schema.Literals(API_KEY_ACCESS).annotate({
    description: "read: the key reads, as a viewer would. write: it also changes, as a member would.",
  }),
  requireApproval: Schema.Boolean.annotate({
    description: "An agent key: the posts it creates or schedules wait for a person's approval.",
  }),
  lastFour: Schema.String.annotate({
    description: "The key's last four characters, to tell keys apart.",
  }),
  createdAt: Schema.String,
  expiresAt: Schema.NullOr(Schema.String),
  revokedAt: Schema.NullOr(Schema.String),
  lastUsedAt: Schema.NullOr(Schema.String).annotate({
    description: "When a request last came with it (to the minute), or null for never.",
  }),
  createdBy: Schema.Struct({ id: Schema.String, name: Schema.String }),
};

export const ApiKeySchema = Schema.Struct(fields).annotate({
  identifier: "ApiKey",
});
export const CreatedApiKeySchema = Schema.Struct({
  ...fields,
  key: Schema.String.annotate({
    description: "The key itself (sd_live_…): shown this once, kept by SocialDesk only as a hash.",
  }),
}).annotate({ identifier: "CreatedApiKey" });

const manage = { permission: "manage_integrations" } as const;

/**
 * API keys (issue 31): what programs and agents sign requests with (`Authorization: Bearer …`).
 * Owners and admins manage them, signed in: a key never manages keys.
 */
export class ApiKeysApi extends HttpApiGroup.make("apiKeys")
  .add(
    HttpApiEndpoint.get("list", "/api/api-keys", {
      success: Schema.Array(ApiKeySchema),
    })
      .annotate(Requires, manage)
      .annotate(PeopleOnly, true)
      .annotate(OpenApi.Description, "The workspace's API keys, live ones first, newest first; never their secrets."),
    HttpApiEndpoint.post("create", "/api/api-keys", {
      payload: zodPayload(newApiKeySchema, "NewApiKey"),
      success: CreatedApiKeySchema.pipe(HttpApiSchema.status(201)),
      error: [InvalidInputProblem, ConflictProblem, VersionConflictProblem],
    })
      .annotate(Requires, manage)
      .annotate(PeopleOnly, true)
      .annotate(
        OpenApi.Description,
        "A new key: 201 with the key itself, shown this once. A write key acts as a member at most, a read key as a viewer; `requireApproval` sends every post it makes to the approvers.",
      ),
    HttpApiEndpoint.delete("revoke", "/api/api-keys/:id", {
      params: idOf("API key"),
      success: HttpApiSchema.NoContent,
      error: [NotFoundProblem, ConflictProblem, VersionConflictProblem],
    })
      .annotate(Requires, manage)
      .annotate(PeopleOnly, true)
      .annotate(OpenApi.Description, "Revokes the key at once: 204. Requests with it answer 401 from then on."),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "API keys") {}
