import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { WEBHOOK_EVENT_TYPES } from "../../domain/webhooks/rules";
import { Guard, InvalidRequest, Requires } from "../web/api/guard";
import { idOf, itemId } from "../web/api/item-id";
import { Page, pageQuery } from "../web/api/page";
import { ConflictProblem, InvalidInputProblem, NotFoundProblem, VersionConflictProblem } from "../web/api/problems";
import { zodPayload } from "../web/api/zod-payload";
import { addWebhookEndpointSchema, changeWebhookEndpointSchema } from "./schemas";
import { DELIVERIES_PAGE_MAX, DELIVERIES_PAGE_SIZE } from "./Webhooks";

/** Owners and admins: the endpoints carry their signing secrets. */
const manages = { permission: "manage_integrations" } as const;

export const WebhookEndpointSchema = Schema.Struct({
  id: Schema.String,
  url: Schema.String.annotate({ description: "Where the events are POSTed: https (http only for the hosts the server is told it may reach)." }),
  events: Schema.Array(Schema.Literals(WEBHOOK_EVENT_TYPES)),
  description: Schema.String,
  secret: Schema.String.annotate({
    description: "The Standard Webhooks signing secret (`whsec_…`): verify each delivery's `webhook-signature` with it.",
  }),
  enabled: Schema.Boolean,
  disabledReason: Schema.NullOr(Schema.String).annotate({ description: "Why it is disabled (by hand, or after 3 days of failed deliveries); null when enabled." }),
  createdAt: Schema.String,
}).annotate({ identifier: "WebhookEndpoint" });

export const WebhookDeliverySchema = Schema.Struct({
  id: Schema.String,
  messageId: Schema.String.annotate({ description: "The `webhook-id` header: the same on every attempt." }),
  eventType: Schema.String,
  status: Schema.Literals(["pending", "delivered", "failed"]).annotate({
    description: "pending: waiting for its next attempt; delivered: a 2xx answer; failed: no attempt left, or the endpoint stopped.",
  }),
  attempts: Schema.Number,
  lastStatus: Schema.NullOr(Schema.Number).annotate({ description: "The HTTP status of the last answer; null when none came." }),
  lastResponse: Schema.NullOr(Schema.String).annotate({ description: "The start of the last answer's body (300 characters at most)." }),
  lastError: Schema.NullOr(Schema.String).annotate({ description: "Why the last attempt failed, as a sentence." }),
  lastAttemptAt: Schema.NullOr(Schema.String),
  nextAttemptAt: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
}).annotate({ identifier: "WebhookDelivery" });

const writeErrors = [InvalidInputProblem, ConflictProblem, NotFoundProblem, VersionConflictProblem];
const endpointId = idOf("webhook endpoint");

/**
 * The workspace's webhook endpoints and their deliveries (Standard Webhooks: README "Webhooks"),
 * declared once; served by ./api-handlers.ts, called by Settings › Webhooks.
 */
export class WebhooksApi extends HttpApiGroup.make("webhooks")
  .add(
    HttpApiEndpoint.get("list", "/api/webhook-endpoints", { success: Schema.Array(WebhookEndpointSchema) })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "The workspace's endpoints, oldest first, with their secrets."),
    HttpApiEndpoint.post("add", "/api/webhook-endpoints", {
      payload: zodPayload(addWebhookEndpointSchema, "NewWebhookEndpoint"),
      success: WebhookEndpointSchema.pipe(HttpApiSchema.status(201)),
      error: writeErrors,
    })
      .annotate(Requires, manages)
      .annotate(
        OpenApi.Description,
        "An endpoint receiving the chosen events: 201 with its signing secret. An address that is not https, or whose host resolves to a private or reserved network: 400.",
      ),
    HttpApiEndpoint.get("get", "/api/webhook-endpoints/:id", { params: endpointId, success: WebhookEndpointSchema, error: NotFoundProblem })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "One endpoint, with its secret."),
    HttpApiEndpoint.put("change", "/api/webhook-endpoints/:id", {
      params: endpointId,
      payload: zodPayload(changeWebhookEndpointSchema, "WebhookEndpointChange"),
      success: WebhookEndpointSchema,
      error: writeErrors,
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "Any of url, events, description, and `enabled` (false stops deliveries; true starts them again): the endpoint after."),
    HttpApiEndpoint.delete("remove", "/api/webhook-endpoints/:id", { params: endpointId, success: HttpApiSchema.NoContent, error: writeErrors })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "The endpoint and its deliveries are gone: 204."),
    HttpApiEndpoint.get("deliveries", "/api/webhook-endpoints/:id/deliveries", {
      params: endpointId,
      query: pageQuery({ defaultLimit: DELIVERIES_PAGE_SIZE, maxLimit: DELIVERIES_PAGE_MAX }),
      success: Page(WebhookDeliverySchema, "WebhookDeliveryPage"),
      error: [NotFoundProblem, InvalidInputProblem],
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "The endpoint's deliveries, newest first: status, attempts, and the last answer."),
    HttpApiEndpoint.post("redeliver", "/api/webhook-endpoints/:id/deliveries/:deliveryId/redeliver", {
      params: { ...endpointId, deliveryId: itemId("delivery") },
      success: WebhookDeliverySchema.pipe(HttpApiSchema.status(202)),
      error: [NotFoundProblem, ConflictProblem],
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "Sends the delivery again now, with the same `webhook-id` and body: 202 with it, pending."),
    HttpApiEndpoint.post("test", "/api/webhook-endpoints/:id/test", {
      params: endpointId,
      success: WebhookDeliverySchema.pipe(HttpApiSchema.status(202)),
      error: [NotFoundProblem, ConflictProblem],
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "Sends a `webhook.test` event to the endpoint now: 202 with its delivery."),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Webhooks") {}
