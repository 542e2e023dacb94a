import { Effect } from "effect";
import { HttpServerRequest } from "effect/http";
import type { HttpApiBuilder } from "effect/http-api";
import { SqlError } from "../db/Database";
import { receiveStripeWebhook } from "./webhook";
import type { StripeWebhookApi } from "./webhook-api";

/** Stripe's events (./webhook-api.ts), read as sent: the signature is over their bytes. */
export const stripeWebhookHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof StripeWebhookApi>) =>
  handlers.handleRaw("receive", () =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest;
      const raw = new Uint8Array(yield* Effect.orDie(request.arrayBuffer));
      const result = yield* receiveStripeWebhook(raw, request.headers["stripe-signature"] ?? null, new Date());
      return { received: true, duplicate: !result.processed };
    }).pipe(Effect.catchIf((error): error is SqlError => error instanceof SqlError, Effect.die)),
  );
