import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { InvalidRequest, PublicEdge, RequestBody } from "../web/api/guard";
import { InvalidInputProblem, NotFoundProblem, VersionConflictProblem } from "../web/api/problems";
import { BillingNotConfiguredProblem, BillingProviderFailedProblem } from "./api";

/**
 * Stripe's events: public, signed (Stripe-Signature, checked on the raw body by the SDK). A Stripe
 * event is one object (lists in it hold at most 10 items, metadata at most 50 keys of 500
 * characters): tens of kilobytes, so more than 256 KB is refused as it arrives.
 */
export class StripeWebhookApi extends HttpApiGroup.make("stripeWebhook")
  .add(
    HttpApiEndpoint.post("receive", "/api/webhooks/stripe", {
      payload: Schema.Uint8Array.pipe(HttpApiSchema.asUint8Array({ contentType: "application/json" })),
      success: Schema.Struct({ received: Schema.Boolean, duplicate: Schema.Boolean }),
      error: [InvalidInputProblem, BillingNotConfiguredProblem, BillingProviderFailedProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(RequestBody, { maxBytes: 256_000, asSent: true })
      .annotate(
        OpenApi.Description,
        "A Stripe event, signed: a missing or wrong signature answers 400 and changes nothing; each event id is processed once (`duplicate` when it was already).",
      ),
  )
  .middleware(InvalidRequest)
  .middleware(PublicEdge)
  .annotate(OpenApi.Title, "Stripe webhooks") {}
