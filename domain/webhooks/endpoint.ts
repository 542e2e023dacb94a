import { Effect } from "effect";
import { type Decider, InvalidInput, NotFound } from "../shared";
import type { WebhookEndpointEvent } from "./events";
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES, WEBHOOK_URL_MAX, type WebhookEventType } from "./rules";

export interface WebhookEndpointState {
  readonly exists: boolean;
  readonly removed: boolean;
  readonly url: string;
  readonly events: ReadonlyArray<WebhookEventType>;
  readonly description: string;
  readonly enabled: boolean;
}

export const webhookEndpointDecider: Decider<WebhookEndpointState, WebhookEndpointEvent> = {
  initialState: () => ({ exists: false, removed: false, url: "", events: [], description: "", enabled: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case "WebhookEndpointAdded":
        return { exists: true, removed: false, url: event.data.url, events: event.data.events, description: event.data.description, enabled: true };
      case "WebhookEndpointChanged":
        return { ...state, ...event.data };
      case "WebhookEndpointDisabled":
        return { ...state, enabled: false };
      case "WebhookEndpointEnabled":
        return { ...state, enabled: true };
      case "WebhookEndpointRemoved":
        return { ...state, removed: true };
    }
  },
};

/** What a person gives for an endpoint. */
export interface WebhookEndpointFields {
  readonly url: string;
  readonly events: ReadonlyArray<string>;
  readonly description: string;
}

/**
 * The fields tidied (the address trimmed, events once each in the catalogue's order), or the
 * sentences refusing them, per field. `allowHttp`: the host is one the server may reach over plain
 * http (OUTBOUND_ALLOW_HOSTS), as for tests and on-premise receivers.
 */
export const checkWebhookEndpoint = (
  fields: WebhookEndpointFields,
  allowHttp: (url: URL) => boolean,
): Effect.Effect<{ readonly url: string; readonly events: ReadonlyArray<WebhookEventType>; readonly description: string }, InvalidInput> => {
  const errors: Record<string, string> = {};
  const url = fields.url.trim();
  if (url === "") errors.url = WEBHOOK_MESSAGES.urlRequired;
  else if (url.length > WEBHOOK_URL_MAX) errors.url = WEBHOOK_MESSAGES.urlTooLong;
  else {
    const parsed = URL.canParse(url) ? new URL(url) : null;
    if (!parsed || (parsed.protocol !== "https:" && parsed.protocol !== "http:") || parsed.hostname === "") errors.url = WEBHOOK_MESSAGES.urlInvalid;
    else if (parsed.username || parsed.password) errors.url = "Leave the user name and password out of the address: sign the requests' checks with the endpoint's secret instead.";
    else if (parsed.protocol === "http:" && !allowHttp(parsed)) errors.url = WEBHOOK_MESSAGES.httpsOnly;
  }
  const unknown = fields.events.filter((e) => !(WEBHOOK_EVENT_TYPES as ReadonlyArray<string>).includes(e));
  if (unknown.length > 0) errors.events = WEBHOOK_MESSAGES.eventUnknown;
  else if (fields.events.length === 0) errors.events = WEBHOOK_MESSAGES.eventsRequired;
  const description = fields.description.trim();
  if (description.length > WEBHOOK_DESCRIPTION_MAX) errors.description = WEBHOOK_MESSAGES.descriptionTooLong;
  if (Object.keys(errors).length > 0) return Effect.fail(new InvalidInput({ message: Object.values(errors)[0]!, fields: errors }));
  return Effect.succeed({ url, events: WEBHOOK_EVENT_TYPES.filter((e) => fields.events.includes(e)), description });
};

type Decision<E = never> = Effect.Effect<ReadonlyArray<WebhookEndpointEvent>, E>;

const live = (state: WebhookEndpointState) => state.exists && !state.removed;
const notFound = () => Effect.fail(new NotFound({ what: "webhook endpoint" }));

/** A new endpoint, enabled, with its (encrypted) secret. */
export const addWebhookEndpoint = (
  state: WebhookEndpointState,
  input: { readonly endpointId: string; readonly workspaceId: string; readonly secret: string; readonly url: string; readonly events: ReadonlyArray<WebhookEventType>; readonly description: string },
): Decision => (state.exists ? Effect.succeed([]) : Effect.succeed([{ type: "WebhookEndpointAdded", data: { ...input, events: [...input.events] } }]));

/** Changes what differs; `enabled` switches it on or off by hand. */
export const changeWebhookEndpoint = (
  state: WebhookEndpointState,
  change: { readonly url: string; readonly events: ReadonlyArray<WebhookEventType>; readonly description: string; readonly enabled?: boolean | undefined },
): Decision<NotFound> => {
  if (!live(state)) return notFound();
  const events: WebhookEndpointEvent[] = [];
  const same = change.url === state.url && change.description === state.description && change.events.join() === state.events.join();
  if (!same) events.push({ type: "WebhookEndpointChanged", data: { url: change.url, events: [...change.events], description: change.description } });
  if (change.enabled === true && !state.enabled) events.push({ type: "WebhookEndpointEnabled", data: {} });
  if (change.enabled === false && state.enabled) events.push({ type: "WebhookEndpointDisabled", data: { reason: "Disabled by hand.", failingSince: null } });
  return Effect.succeed(events);
};

/** The system's stop of an endpoint that failed for 3 days; nothing when it is already off or gone. */
export const disableFailingWebhookEndpoint = (state: WebhookEndpointState, failingSince: Date): Decision =>
  Effect.succeed(
    live(state) && state.enabled
      ? [{ type: "WebhookEndpointDisabled", data: { reason: WEBHOOK_MESSAGES.disabledByFailures, failingSince: failingSince.toISOString() } }]
      : [],
  );

export const removeWebhookEndpoint = (state: WebhookEndpointState): Decision<NotFound> =>
  live(state) ? Effect.succeed([{ type: "WebhookEndpointRemoved", data: {} }]) : notFound();
