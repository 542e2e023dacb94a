import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { Audience, Guard, InvalidRequest, Requires } from "../web/api/guard";
import { InvalidInputProblem, NotFoundProblem, VersionConflictProblem } from "../web/api/problems";
import { zodPayload } from "../web/api/zod-payload";
import { platformAppSchema } from "./schemas";

const byPlatform = { platform: Schema.String.annotate({ description: "An OAuth platform's id, as the catalogue names it (linkedin, twitter, google_business…)." }) };

export const PlatformAppSchema = Schema.Struct({
  platform: Schema.String,
  name: Schema.String,
  configured: Schema.Boolean.annotate({ description: "Whether people can connect it now (a client id and secret are in use)." }),
  source: Schema.NullOr(Schema.Literals(["env", "console"])).annotate({
    description: "Where the client id and secret in use come from: environment variables (they win), the console, or nowhere.",
  }),
  redirectUri: Schema.String.annotate({ description: "The redirect URI to register at the platform, byte for byte." }),
  scopes: Schema.Array(Schema.String),
  clientIdHint: Schema.NullOr(Schema.String).annotate({ description: "The client id in use, only its last four characters." }),
  fields: Schema.Array(Schema.String).annotate({ description: "The platform's extra fields beyond the client id and secret." }),
  consoleUrl: Schema.String.annotate({ description: "The platform's developer console." }),
  steps: Schema.Array(Schema.String).annotate({ description: "What to do there, step by step." }),
  variables: Schema.Array(Schema.String).annotate({ description: "The environment variables that would take precedence." }),
  saved: Schema.NullOr(
    Schema.Struct({
      clientId: Schema.String,
      fields: Schema.Array(Schema.String).annotate({ description: "The extra fields saved (their values are never answered)." }),
      updatedAt: Schema.String,
      updatedBy: Schema.String,
    }),
  ).annotate({ description: "What the console holds, even while environment variables win; never a secret." }),
}).annotate({ identifier: "PlatformApp" });

export const PlatformAppCheckSchema = Schema.Struct({
  platform: Schema.String,
  checks: Schema.Array(Schema.Struct({ name: Schema.String, ok: Schema.Boolean, detail: Schema.String })),
  unchecked: Schema.String.annotate({ description: "What could not be checked without a person signing in." }),
}).annotate({ identifier: "PlatformAppCheck" });

/**
 * The platforms' OAuth apps (issue 32), for operators only (`npm run admin:grant`; 404 to everyone
 * else): set from the console instead of environment variables, taking effect in every process at once.
 */
export class PlatformAppsApi extends HttpApiGroup.make("platformApps")
  .add(
    HttpApiEndpoint.get("list", "/api/admin/platforms", { success: Schema.Array(PlatformAppSchema) })
      .annotate(Requires, {})
      .annotate(Audience, "operator")
      .annotate(OpenApi.Description, "Operators only: every OAuth platform with where its app comes from, what to register at the platform, and never a secret."),
    HttpApiEndpoint.put("configure", "/api/admin/platforms/:platform", {
      params: byPlatform,
      payload: zodPayload(platformAppSchema, "PlatformAppInput"),
      success: PlatformAppSchema,
      error: [InvalidInputProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, {})
      .annotate(Audience, "operator")
      .annotate(
        OpenApi.Description,
        "Operators only: saves the platform's client id and secret (encrypted with the token key) and its extra fields; an empty secret keeps the saved one. Environment variables still win where set.",
      ),
    HttpApiEndpoint.delete("clear", "/api/admin/platforms/:platform", {
      params: byPlatform,
      success: HttpApiSchema.NoContent,
      error: [NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, {})
      .annotate(Audience, "operator")
      .annotate(OpenApi.Description, "Operators only: forgets the app saved in the console (environment variables are untouched)."),
    HttpApiEndpoint.post("check", "/api/admin/platforms/:platform/check", {
      params: byPlatform,
      success: PlatformAppCheckSchema,
      error: NotFoundProblem,
    })
      .annotate(Requires, {})
      .annotate(Audience, "operator")
      .annotate(
        OpenApi.Description,
        "Operators only: checks what can be checked without a person (the sign-in address builds; the client credentials grant where the platform has one) and says what could not be.",
      ),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Operators: platform apps") {}
