import { Effect, Layer } from "effect";
import { apiKeyEvents, apiKeysProjection } from "../../domain/api-access";
import { defineModule, moduleApi } from "../module";
import { ApiKeysApi } from "./api";
import { apiKeysHandlers } from "./api-handlers";
import { ApiKeys } from "./ApiKeys";
import { Idempotency } from "./Idempotency";
import { RateLimits } from "./RateLimits";

/**
 * The door for programs and agents (issue 31): API keys, checked at the edge of every declared
 * operation, with the API's rules on requests as a whole (README: Security › Idempotency, Rate
 * limits): each key's requests a minute and Idempotency-Key on POSTs, both kept in PostgreSQL so
 * that every app process shares them. `serveApi` (src/lib/api/serve.ts) applies them (./edge.ts).
 */
export const apiAccessModule = defineModule({
  name: "api-access",
  events: apiKeyEvents,
  auditKinds: [{ id: "api-access", label: "API keys" }],
  layer: Layer.mergeAll(ApiKeys.layer, Idempotency.layer, RateLimits.layer),
  api: [moduleApi(ApiKeysApi, apiKeysHandlers)],
  projections: [apiKeysProjection],
  errors: [],
  tasks: {
    /** Keys older than 24 hours: their requests may run again. */
    purge_idempotency_keys: (_payload, job) =>
      Effect.map(
        Idempotency.use((idempotency) => idempotency.purge(job.now)),
        (purged) => (purged > 0 ? `Removed ${purged} idempotency key(s) older than 24 hours` : undefined),
      ),
  },
  cron: ["23 * * * * purge_idempotency_keys"],
  auditSummaries: {
    ApiKeyCreated: (d) =>
      `API key "${d.name}" created (${d.access === "write" ? "read and write" : "read only"}${d.requireApproval ? ", its posts wait for approval" : ""})`,
    ApiKeyRevoked: () => "API key revoked",
  },
});
