import { HttpApi, OpenApi } from "effect/http-api";
import { CategoriesApi } from "./categories/api";

/**
 * The app's one declared HTTP contract: each module's group of operations, added here once (a
 * composition root, like ./modules.ts: the modules' folders never import it).
 * `GET /api/openapi.json` is generated from it.
 */
export class SocialDeskApi extends HttpApi.make("socialdesk")
  .add(CategoriesApi)
  .annotate(OpenApi.Title, "SocialDesk API")
  .annotate(OpenApi.Version, "1")
  .annotate(
    OpenApi.Description,
    "Every refusal is an RFC 9457 problem (application/problem+json): type, title, status, detail (the sentence to show), code, and errors per field for input to correct.",
  ) {}
