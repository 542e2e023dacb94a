import { Effect, Layer } from "effect";
import { defineModule } from "../module";
import { Idempotency } from "./Idempotency";
import { RateLimits } from "./RateLimits";

/**
 * The declared API's rules on requests as a whole (README: Security › Idempotency, Rate limits):
 * Idempotency-Key on POSTs and each API key's requests a minute, both kept in PostgreSQL so that
 * every app process shares them. `serveApi` (src/lib/api/serve.ts) applies them (./edge.ts).
 */
export const apiLimitsModule = defineModule({
  name: "api-limits",
  layer: Layer.mergeAll(Idempotency.layer, RateLimits.layer),
  tasks: {
    /** Keys older than 24 hours: their requests may run again. */
    purge_idempotency_keys: (_payload, job) =>
      Effect.map(
        Idempotency.use((idempotency) => idempotency.purge(job.now)),
        (purged) => (purged > 0 ? `Removed ${purged} idempotency key(s) older than 24 hours` : undefined),
      ),
  },
  cron: ["23 * * * * purge_idempotency_keys"],
});
