import { Schema } from "effect";
import { defineEvents, type EventOf } from "../shared";
import { WEBHOOK_EVENT_TYPES } from "./rules";

const EventTypes = Schema.Array(Schema.Literals(WEBHOOK_EVENT_TYPES));

/** Events of a webhook endpoint's stream (`webhook-endpoint-{id}`). */
export const webhookEndpointEvents = defineEvents({
  /**
   * `secret` is the signing secret (`whsec_…`) encrypted with the server's token key
   * (infra/platforms/crypto.ts): the event log never holds it in the clear.
   */
  WebhookEndpointAdded: Schema.Struct({
    endpointId: Schema.String,
    workspaceId: Schema.String,
    url: Schema.String,
    events: EventTypes,
    description: Schema.String,
    secret: Schema.String,
  }),
  /** The endpoint as it is after the change (every field). */
  WebhookEndpointChanged: Schema.Struct({ url: Schema.String, events: EventTypes, description: Schema.String }),
  /** Stopped: by a person, or by the system when its deliveries failed for 3 days (`reason` says which). */
  WebhookEndpointDisabled: Schema.Struct({ reason: Schema.String, failingSince: Schema.NullOr(Schema.String) }),
  WebhookEndpointEnabled: Schema.Struct({}),
  WebhookEndpointRemoved: Schema.Struct({}),
});

export type WebhookEndpointEvent = EventOf<typeof webhookEndpointEvents.schemas>;

const PREFIX = "webhook-endpoint-";
export const webhookEndpointStreamId = (endpointId: string) => `${PREFIX}${endpointId}`;
export const endpointIdOfStream = (streamId: string) => streamId.slice(PREFIX.length);
