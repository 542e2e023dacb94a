import { Effect } from "effect";
import { HttpServerRequest } from "effect/http";
import type { HttpApiBuilder } from "effect/http-api";
import { Forbidden, systemContext } from "../../domain/shared";
import { SqlError } from "../db/Database";
import { isMetaSignature, metaAppSecret, metaVerifyToken, readMetaDelivery } from "../platforms/meta/webhook";
import { BadSignature, InvalidJson, NotConfigured } from "../web/api/problems";
import { Inbox } from "./Inbox";
import type { MetaWebhookApi } from "./webhook-api";

/** Meta's deliveries (./webhook-api.ts) into the inbox, as the system's ingestion. */
export const metaWebhookHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof MetaWebhookApi>) =>
  handlers
    .handle("verify", ({ query }) =>
      Effect.gen(function* () {
        const token = metaVerifyToken();
        if (!token) return yield* new NotConfigured({ message: "Meta webhooks aren't configured on this server (META_WEBHOOK_VERIFY_TOKEN)." });
        if (query["hub.mode"] !== "subscribe" || query["hub.verify_token"] !== token) return yield* new Forbidden({ message: "The verify token does not match." });
        return query["hub.challenge"] ?? "";
      }),
    )
    .handleRaw("deliver", () =>
      Effect.gen(function* () {
        const secret = metaAppSecret();
        if (!secret) return yield* new NotConfigured({ message: "Meta webhooks aren't configured on this server (META_APP_SECRET)." });
        const request = yield* HttpServerRequest.HttpServerRequest;
        const raw = new Uint8Array(yield* Effect.orDie(request.arrayBuffer));
        if (!isMetaSignature(raw, request.headers["x-hub-signature-256"] ?? null, secret)) {
          return yield* new BadSignature({ message: "The delivery's signature is missing or wrong." });
        }
        const payload = yield* Effect.try({ try: () => JSON.parse(new TextDecoder().decode(raw)) as unknown, catch: () => new InvalidJson({ message: "The delivery is not JSON." }) });
        const received = yield* Inbox.use((inbox) => inbox.deliver(systemContext("ingestion", new Date(), crypto.randomUUID()), readMetaDelivery(payload)));
        return { received };
      }).pipe(Effect.catchIf((error): error is SqlError => error instanceof SqlError, Effect.die)),
    );
