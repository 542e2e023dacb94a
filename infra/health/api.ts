import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { InvalidRequest, PublicEdge } from "../web/api/guard";

/** Not ready yet: the database does not answer, or no live worker is connected to it. */
const NotReady = Schema.Union([
  Schema.Struct({ status: Schema.Literal("unavailable"), database: Schema.Literal("down") }),
  Schema.Struct({ status: Schema.Literal("starting"), worker: Schema.Literal("not running") }),
])
  .annotate({ identifier: "NotReady" })
  .pipe(HttpApiSchema.status(503));

/**
 * The health check a load balancer or an orchestrator reads (no session): its answers are the
 * check's own small bodies, not problems, since a program reads `status`.
 */
export class HealthApi extends HttpApiGroup.make("health")
  .add(
    HttpApiEndpoint.get("health", "/api/health", {
      success: Schema.Struct({ status: Schema.Literal("ok") }).annotate({ identifier: "Ready" }),
      error: NotReady,
    }).annotate(
      OpenApi.Description,
      "200 {\"status\":\"ok\"} once the database answers and a live worker is connected to it (holding its liveness lock) and has beaten in the last 30 s; 503 before. The row of a worker that was killed does not count, so a restart is not reported ready too early.",
    ),
  )
  .middleware(InvalidRequest)
  .middleware(PublicEdge)
  .annotate(OpenApi.Title, "Health") {}
