import type { NonEmptyReadonlyArray } from "effect/Array";
import { HttpApi, OpenApi } from "effect/http-api";
import { type ApiGroups, moduleApis } from "./modules";

const groups = moduleApis.map((api) => api.group) as unknown as NonEmptyReadonlyArray<ApiGroups>;

/**
 * The app's one declared HTTP contract: every module's groups of operations (`api` in its
 * `defineModule`), read from the one list of modules (a composition root: the modules' folders
 * never import it). `GET /api/openapi.json` is generated from it; the islands' client takes its types.
 */
export class SocialDeskApi extends HttpApi.make("socialdesk")
  .add(...groups)
  .annotate(OpenApi.Title, "SocialDesk API")
  .annotate(OpenApi.Version, "1")
  .annotate(
    OpenApi.Description,
    "Every refusal is an RFC 9457 problem (application/problem+json): type, title, status, detail (the sentence to show), code, and errors per field for input to correct.",
  ) {}
