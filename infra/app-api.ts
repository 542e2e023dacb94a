import type { NonEmptyReadonlyArray } from "effect/Array";
import { HttpApi, type HttpApiGroup, OpenApi } from "effect/http-api";
import { STATUS_CODES } from "node:http";
import { SESSION_COOKIE } from "./auth/Sessions";
import { type ApiGroups, moduleApis } from "./modules";
import { Guard } from "./web/api/guard";
import { problemType } from "./web/api/problems";

const groups = moduleApis.map((api) => api.group) as unknown as NonEmptyReadonlyArray<ApiGroups>;

/** The operations behind the `Guard` (a person signed in, or an API key), by their OpenAPI operationId. */
const guardedOperations = new Set(
  (groups as unknown as ReadonlyArray<HttpApiGroup.Top>).flatMap((group) =>
    Object.values(group.endpoints).flatMap((endpoint) => (endpoint.middlewares.has(Guard as never) ? [`${group.identifier}.${endpoint.identifier}`] : [])),
  ),
);

/** A problem of the edge's own (infra/api-access/edge.ts), as the document describes it. */
const edgeProblem = (status: number, code: string) => ({
  type: "object",
  properties: {
    type: { type: "string", enum: [problemType(code)] },
    title: { type: "string", enum: [STATUS_CODES[status]] },
    status: { type: "number", enum: [status] },
    detail: { type: "string" },
    code: { type: "string", enum: [code] },
  },
  required: ["type", "title", "status", "detail", "code"],
});

/** Adds `schema` as one more answer of `status` to an operation (beside what it declares there). */
const addAnswer = (operation: Record<string, any>, status: string, description: string, schema: Record<string, unknown>) => {
  const existing = operation.responses[status]?.content?.["application/problem+json"]?.schema;
  operation.responses[status] = {
    description: existing ? `${operation.responses[status].description} | ${description}` : description,
    content: { "application/problem+json": { schema: existing ? { anyOf: [...(existing.anyOf ?? [existing]), schema] } : schema } },
  };
};

const RATE_LIMIT_HEADERS = {
  "RateLimit-Policy": { description: 'With an API key: the key\'s limit, e.g. `"default";q=60;w=60` (requests a 60-second window).', schema: { type: "string" } },
  RateLimit: { description: 'With an API key: what is left of it, e.g. `"default";r=59;t=42` (requests left, seconds to the window\'s end).', schema: { type: "string" } },
};

/**
 * What the edge adds to every guarded operation, declared in the document (the guard and
 * `serveApi` are one place, so is this): the two ways in (an API key as a bearer token, for
 * programs and agents; the session cookie, for the app's pages), the rate-limit fields of a keyed
 * answer, and on each POST the `Idempotency-Key` header with its refusals (422: the key was used
 * for another request; 409: its first request is still running; 400: no such key). The others (sign-in, public
 * pages, platforms' webhooks) get none of it.
 */
const declareEdgeRules = (spec: Record<string, any>) => {
  spec.components ??= {};
  spec.components.securitySchemes = {
    apiKey: {
      type: "http",
      scheme: "bearer",
      bearerFormat: "sd_live_…",
      description: "An API key from Settings › API keys: `Authorization: Bearer sd_live_…`. A read key reads as a viewer; a write key changes as a member at most.",
    },
    session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "The session of a person signed in to the app (its pages use it)." },
  };
  for (const item of Object.values(spec.paths ?? {}) as Array<Record<string, any>>) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation || typeof operation !== "object" || !guardedOperations.has(operation.operationId)) continue;
      operation.security = [{ apiKey: [] }, { session: [] }];
      for (const [status, answer] of Object.entries<Record<string, any>>(operation.responses ?? {})) {
        if (status.startsWith("2")) answer.headers = { ...answer.headers, ...RATE_LIMIT_HEADERS };
      }
      if (method !== "post") continue;
      operation.parameters = [
        ...(operation.parameters ?? []),
        {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description: "Any 1 to 255 printable ASCII characters: the same request with the same key within 24 hours gets the first answer again, and runs once.",
          schema: { type: "string", minLength: 1, maxLength: 255 },
        },
      ];
      addAnswer(operation, "400", "InvalidIdempotencyKey", edgeProblem(400, "invalid_idempotency_key"));
      addAnswer(operation, "422", "IdempotencyKeyReused", edgeProblem(422, "idempotency_key_reused"));
      addAnswer(operation, "409", "IdempotencyKeyInUse", edgeProblem(409, "idempotency_key_in_use"));
    }
  }
  return spec;
};

export class SocialDeskApi extends HttpApi.make("socialdesk")
  .add(...groups)
  .annotate(OpenApi.Title, "SocialDesk API")
  .annotate(OpenApi.Version, "1")
  .annotate(OpenApi.Transform, declareEdgeRules)
  .annotate(
    OpenApi.Description,
    "Every refusal is an RFC 9457 problem (application/problem+json): type, title, status, detail (the sentence to show), code, and errors per field for input to correct.",
  ) {}
