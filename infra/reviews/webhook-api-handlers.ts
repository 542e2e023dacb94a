import { timingSafeEqual } from "node:crypto";
import { Effect } from "effect";
import { HttpServerRequest } from "effect/http";
import type { HttpApiBuilder } from "effect/http-api";
import { Forbidden } from "../../domain/shared";
import { SqlError } from "../db/Database";
import { addJob } from "../jobs/add-job";
import { InvalidJson, NotConfigured } from "../web/api/problems";
import { pollAccountNow } from "./poll";
import type { GoogleBusinessWebhookApi } from "./webhook-api";

const TYPES = new Set(["NEW_REVIEW", "UPDATED_REVIEW"]);

const sameToken = (given: string | undefined, expected: string) =>
  given !== undefined && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/** Business Profile's notifications (./webhook-api.ts): a new or changed review is read at once. */
export const googleBusinessWebhookHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof GoogleBusinessWebhookApi>) =>
  handlers.handleRaw("notify", ({ query }) =>
    Effect.gen(function* () {
      const expected = process.env.GOOGLE_PUBSUB_VERIFICATION_TOKEN;
      if (!expected) {
        return yield* new NotConfigured({ message: "Business Profile notifications aren't configured on this server (GOOGLE_PUBSUB_VERIFICATION_TOKEN)." });
      }
      if (!sameToken(query.token, expected)) return yield* new Forbidden({ message: "The verification token does not match." });
      const request = yield* HttpServerRequest.HttpServerRequest;
      const text = yield* Effect.orDie(request.text);
      const notification = yield* Effect.try({
        try: () => {
          const envelope = JSON.parse(text) as { message?: { data?: unknown } };
          return JSON.parse(Buffer.from(String(envelope.message?.data ?? ""), "base64").toString("utf8")) as { type?: unknown; location?: unknown };
        },
        catch: () => new InvalidJson({ message: "The notification is not a Pub/Sub message with JSON data." }),
      });
      if (TYPES.has(String(notification.type)) && typeof notification.location === "string") {
        yield* Effect.andThen(pollAccountNow(notification.location), addJob("poll_reviews", {}, { jobKey: "poll_reviews-now" }));
      }
    }).pipe(Effect.catchIf((error): error is SqlError => error instanceof SqlError, Effect.die)),
  );
