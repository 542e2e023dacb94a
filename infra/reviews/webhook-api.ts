import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { InvalidRequest, PublicEdge, RequestBody } from "../web/api/guard";
import { ForbiddenProblem, InvalidJsonProblem, NotConfiguredProblem } from "../web/api/problems";

/**
 * Business Profile notifications pushed by Cloud Pub/Sub: public, the push subscription's URL
 * carries GOOGLE_PUBSUB_VERIFICATION_TOKEN. A push holds a notification's names and a review's,
 * well under a kilobyte: more than 64 KB is refused as it arrives.
 */
export class GoogleBusinessWebhookApi extends HttpApiGroup.make("googleBusinessWebhook")
  .add(
    HttpApiEndpoint.post("notify", "/api/webhooks/google-business", {
      query: { token: Schema.optional(Schema.String) },
      payload: Schema.Uint8Array.pipe(HttpApiSchema.asUint8Array({ contentType: "application/json" })),
      success: HttpApiSchema.NoContent,
      error: [NotConfiguredProblem, ForbiddenProblem, InvalidJsonProblem],
    })
      .annotate(RequestBody, { maxBytes: 64_000, asSent: true })
      .annotate(
        OpenApi.Description,
        "`{message: {data: base64 of {type, location, review}}}`: a NEW_REVIEW or UPDATED_REVIEW makes the location's account due and its reviews are read at once (kept once, whatever comes twice); other types are acknowledged and ignored. 204.",
      ),
  )
  .middleware(InvalidRequest)
  .middleware(PublicEdge)
  .annotate(OpenApi.Title, "Business Profile notifications") {}
