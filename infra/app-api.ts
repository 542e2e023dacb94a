import type { NonEmptyReadonlyArray } from "effect/Array";
import { HttpApi, type HttpApiGroup, OpenApi } from "effect/http-api";
import { SESSION_COOKIE } from "./auth/Sessions";
import { type ApiGroups, moduleApis } from "./modules";
import { Guard } from "./web/api/guard";

const groups = moduleApis.map((api) => api.group) as unknown as NonEmptyReadonlyArray<ApiGroups>;

/** The operations behind the `Guard` (a person signed in, or an API key), by their OpenAPI operationId. */
const guardedOperations = new Set(
  (groups as unknown as ReadonlyArray<HttpApiGroup.Top>).flatMap((group) =>
    Object.values(group.endpoints).flatMap((endpoint) => (endpoint.middlewares.has(Guard as never) ? [`${group.identifier}.${endpoint.identifier}`] : [])),
  ),
);

/**
 * The two ways into a guarded operation, declared in the document: an API key as a bearer token
 * (programs and agents), or the session cookie (the app's own pages). Each guarded operation names
 * both; the others (sign-in, public pages, platforms' webhooks) none.
 */
const declareSecurity = (spec: Record<string, any>) => {
  spec.components ??= {};
  spec.components.securitySchemes = {
    apiKey: {
      type: "http",
      scheme: "bearer",
      bearerFormat: "sd_live_…",
      description:
        "An API key from Settings › API keys: `Authorization: Bearer sd_live_…`. A read key reads as a viewer; a write key changes as a member at most.",
    },
    session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "The session of a person signed in to the app (its pages use it)." },
  };
  for (const item of Object.values(spec.paths ?? {}) as Array<Record<string, any>>) {
    for (const operation of Object.values(item)) {
      if (operation && typeof operation === "object" && guardedOperations.has(operation.operationId)) operation.security = [{ apiKey: [] }, { session: [] }];
    }
  }
  return spec;
};

/**
 * The app's one declared HTTP contract: every module's groups of operations (`api` in its
 * `defineModule`), read from the one list of modules (a composition root: the modules' folders
 * never import it). `GET /api/openapi.json` is generated from it; the islands' client takes its types.
 */
export class SocialDeskApi extends HttpApi.make("socialdesk")
  .add(...groups)
  .annotate(OpenApi.Title, "SocialDesk API")
  .annotate(OpenApi.Version, "1")
  .annotate(OpenApi.Transform, declareSecurity)
  .annotate(
    OpenApi.Description,
    "Every refusal is an RFC 9457 problem (application/problem+json): type, title, status, detail (the sentence to show), code, and errors per field for input to correct.",
  ) {}
