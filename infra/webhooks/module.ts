import { webhookEndpointEvents, webhookEndpointsProjection } from "../../domain/webhooks";
import { defineModule, moduleApi } from "../module";
import { WebhooksApi } from "./api";
import { webhooksHandlers } from "./api-handlers";
import { DELIVER_TASK, deliverWebhook, PURGE_TASK, purgeOldDeliveries, webhookDeliveriesReaction } from "./delivery";
import { endpointDisabledMail } from "./disabled-mail";
import { Webhooks } from "./Webhooks";

const host = (url: string) => (URL.canParse(url) ? new URL(url).host : url);

/** Webhooks out (Standard Webhooks): the workspace's endpoints, and the signed deliveries of its events to them. */
export const webhooksModule = defineModule({
  name: "webhooks",
  events: webhookEndpointEvents,
  auditKinds: [{ id: "webhooks", label: "Webhooks" }],
  layer: Webhooks.layer,
  api: [moduleApi(WebhooksApi, webhooksHandlers)],
  projections: [webhookEndpointsProjection],
  reactions: [webhookDeliveriesReaction, endpointDisabledMail],
  tasks: {
    [DELIVER_TASK]: (payload, job) => deliverWebhook((payload as { deliveryId: string }).deliveryId, job.now),
    [PURGE_TASK]: (_payload, job) => purgeOldDeliveries(job.now),
  },
  cron: [`23 4 * * * ${PURGE_TASK}`],
  // Each attempt waits on a receiver (up to 10 s): the I/O lane, not the slots of the other jobs.
  ioTasks: [DELIVER_TASK],
  processes: ["webhooks"],
  auditSummaries: {
    WebhookEndpointAdded: (d) => `Added the webhook endpoint ${host(d.url)} (${d.events.join(", ")})`,
    WebhookEndpointChanged: (d) => `Changed the webhook endpoint ${host(d.url)} (${d.events.join(", ")})`,
    WebhookEndpointDisabled: (d) => (d.failingSince ? "Disabled a webhook endpoint after 3 days of failed deliveries" : "Disabled a webhook endpoint"),
    WebhookEndpointEnabled: () => "Enabled a webhook endpoint",
    WebhookEndpointRemoved: () => "Removed a webhook endpoint",
  },
});
