import type { HttpApiBuilder } from "effect/http-api";
import type { AllDeclared, Undeclared } from "../web/api/declared";
import { onService } from "../web/api/handlers";
import type { WebhookDeliverySchema, WebhookEndpointSchema, WebhooksApi } from "./api";
import { type WebhookDeliveryView, type WebhookEndpointView, Webhooks } from "./Webhooks";

const asCaller = onService(Webhooks);

/** The webhook operations (./api.ts) on the Webhooks service. */
export const webhooksHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof WebhooksApi>) =>
  handlers
    .handle("list", () => asCaller((webhooks, caller) => webhooks.list(caller.workspaceId)))
    .handle("add", ({ payload }) => asCaller((webhooks, caller) => webhooks.add(caller, payload)))
    .handle("get", ({ params }) => asCaller((webhooks, caller) => webhooks.get(caller.workspaceId, params.id)))
    .handle("change", ({ params, payload }) => asCaller((webhooks, caller) => webhooks.change(caller, params.id, payload)))
    .handle("remove", ({ params }) => asCaller((webhooks, caller) => webhooks.remove(caller, params.id)))
    .handle("deliveries", ({ params, query }) => asCaller((webhooks, caller) => webhooks.deliveries(caller.workspaceId, params.id, query)))
    .handle("redeliver", ({ params }) => asCaller((webhooks, caller) => webhooks.redeliver(caller, params.id, params.deliveryId)))
    .handle("test", ({ params }) => asCaller((webhooks, caller) => webhooks.test(caller, params.id)));

// Every field the service answers is declared (the encoder would drop the others).
export type Declared = AllDeclared<
  Undeclared<typeof WebhookEndpointSchema.Type, WebhookEndpointView> | Undeclared<typeof WebhookDeliverySchema.Type, WebhookDeliveryView>
>;
