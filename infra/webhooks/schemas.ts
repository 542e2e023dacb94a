import { z } from "zod";
import { WEBHOOK_MESSAGES } from "../../domain/webhooks/rules";

// The types only: the address, the events and the lengths are checked by the domain (checkWebhookEndpoint), per field.
const url = z.string({ error: WEBHOOK_MESSAGES.urlRequired });
const events = z.array(z.string({ error: WEBHOOK_MESSAGES.eventUnknown }), { error: WEBHOOK_MESSAGES.eventsRequired });
const description = z.string({ error: "The description is text." });

/** POST /api/webhook-endpoints {url, events[], description?}. */
export const addWebhookEndpointSchema = z.object({ url, events, description: description.default("") });

/** PUT /api/webhook-endpoints/{id}: any of url, events, description, and `enabled` to switch it on or off. */
export const changeWebhookEndpointSchema = z.object({
  url: url.optional(),
  events: events.optional(),
  description: description.optional(),
  enabled: z.boolean({ error: "enabled is true or false." }).optional(),
});
