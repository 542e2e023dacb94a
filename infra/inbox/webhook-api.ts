import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { InvalidRequest, PublicEdge, RequestBody } from "../web/api/guard";
import { BadSignatureProblem, ForbiddenProblem, InvalidJsonProblem, NotConfiguredProblem, VersionConflictProblem } from "../web/api/problems";

/**
 * Meta's deliveries to the inbox (Page comments, Messenger, Instagram comments, mentions and
 * messages): public, signed by Meta. The delivery is read as sent, up to a megabyte (a large
 * batch of a few kilobytes each), so the signature is checked on its bytes before they are read as JSON.
 */
export class MetaWebhookApi extends HttpApiGroup.make("metaWebhook")
  .add(
    HttpApiEndpoint.get("verify", "/api/webhooks/meta", {
      query: {
        "hub.mode": Schema.optional(Schema.String),
        "hub.verify_token": Schema.optional(Schema.String),
        "hub.challenge": Schema.optional(Schema.String),
      },
      success: Schema.String.pipe(HttpApiSchema.asText()),
      error: [NotConfiguredProblem, ForbiddenProblem],
    }).annotate(OpenApi.Description, "Meta's handshake: answers the challenge when the verify token is META_WEBHOOK_VERIFY_TOKEN; 403 otherwise."),
    HttpApiEndpoint.post("deliver", "/api/webhooks/meta", {
      payload: Schema.Uint8Array.pipe(HttpApiSchema.asUint8Array({ contentType: "application/json" })),
      success: Schema.Struct({ received: Schema.Number }),
      error: [NotConfiguredProblem, BadSignatureProblem, InvalidJsonProblem, VersionConflictProblem],
    })
      .annotate(RequestBody, { maxBytes: 1_000_000, asSent: true })
      .annotate(
        OpenApi.Description,
        "A delivery signed with X-Hub-Signature-256 (HMAC-SHA256 of the raw body with the app secret): an unsigned or badly signed one answers 401 and stores nothing; a message delivered twice is kept once. Answers the number of messages new to the inbox.",
      ),
  )
  .middleware(InvalidRequest)
  .middleware(PublicEdge)
  .annotate(OpenApi.Title, "Meta webhooks") {}
