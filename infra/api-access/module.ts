import { apiKeyEvents, apiKeysProjection } from "../../domain/api-access";
import { defineModule, moduleApi } from "../module";
import { ApiKeysApi } from "./api";
import { apiKeysHandlers } from "./api-handlers";
import { ApiKeys } from "./ApiKeys";

/** The door for programs and agents (issue 31): API keys, checked at the edge of every declared operation. */
export const apiAccessModule = defineModule({
  name: "api-access",
  events: apiKeyEvents,
  auditKinds: [{ id: "api-access", label: "API keys" }],
  layer: ApiKeys.layer,
  api: [moduleApi(ApiKeysApi, apiKeysHandlers)],
  projections: [apiKeysProjection],
  errors: [],
  auditSummaries: {
    ApiKeyCreated: (d) =>
      `API key "${d.name}" created (${d.access === "write" ? "read and write" : "read only"}${d.requireApproval ? ", its posts wait for approval" : ""})`,
    ApiKeyRevoked: () => "API key revoked",
  },
});
