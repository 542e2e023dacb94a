import { Effect, Exit } from "effect";
import { describe, expect, it } from "vitest";
import { DeciderSpecification } from "../shared/decider-spec";
import { addWebhookEndpoint, changeWebhookEndpoint, checkWebhookEndpoint, disableFailingWebhookEndpoint, removeWebhookEndpoint, webhookEndpointDecider } from "./endpoint";
import type { WebhookEndpointEvent } from "./events";
import { WEBHOOK_MESSAGES } from "./rules";

const added: WebhookEndpointEvent = {
  type: "WebhookEndpointAdded",
  data: { endpointId: "e-1", workspaceId: "ws-1", url: "https://hooks.example.com/in", events: ["post.published"], description: "", secret: "sealed" },
};
const noHttp = () => false;

describe("a webhook endpoint", () => {
  const spec = DeciderSpecification(webhookEndpointDecider);

  it("given nothing, when it is added, then it is added enabled with its secret", () =>
    spec
      .given([])
      .when((state) => addWebhookEndpoint(state, { ...added.data, events: ["post.published"] }))
      .then([added]));

  it("given an endpoint, when the same fields are saved, then nothing is recorded; when it is switched off and on, then each is recorded", () => {
    spec
      .given([added])
      .when((state) => changeWebhookEndpoint(state, { url: "https://hooks.example.com/in", events: ["post.published"], description: "" }))
      .then([]);
    spec
      .given([added])
      .when((state) => changeWebhookEndpoint(state, { url: "https://hooks.example.com/in", events: ["post.published"], description: "", enabled: false }))
      .then([{ type: "WebhookEndpointDisabled", data: { reason: "Disabled by hand.", failingSince: null } }]);
  });

  it("given a disabled endpoint, when the system would disable it again, then nothing is recorded", () =>
    spec
      .given([added, { type: "WebhookEndpointDisabled", data: { reason: "Disabled by hand.", failingSince: null } }])
      .when((state) => disableFailingWebhookEndpoint(state, new Date("2026-01-01T00:00:00Z")))
      .then([]));

  it("given a removed endpoint, when it is changed or removed, then it is not found", () => {
    spec.given([added, { type: "WebhookEndpointRemoved", data: {} }]).when(removeWebhookEndpoint).thenFails("NotFound", /webhook endpoint/);
  });
});

describe("the fields of an endpoint", () => {
  const refusal = (fields: { url: string; events: string[]; description?: string }, allowHttp = noHttp) => {
    const exit = Effect.runSyncExit(checkWebhookEndpoint({ description: "", ...fields }, allowHttp));
    return Exit.isFailure(exit) ? JSON.parse(JSON.stringify(exit.cause)) : null;
  };

  it("given an http address, then it is refused unless the server may reach its host over http", () => {
    expect(JSON.stringify(refusal({ url: "http://hooks.example.com/in", events: ["post.published"] }))).toContain(WEBHOOK_MESSAGES.httpsOnly);
    expect(refusal({ url: "http://127.0.0.1:4620/in", events: ["post.published"] }, () => true)).toBeNull();
  });

  it("given no event or an unknown one, then the events are refused", () => {
    expect(JSON.stringify(refusal({ url: "https://hooks.example.com", events: [] }))).toContain(WEBHOOK_MESSAGES.eventsRequired);
    expect(JSON.stringify(refusal({ url: "https://hooks.example.com", events: ["post.deleted"] }))).toContain(WEBHOOK_MESSAGES.eventUnknown);
  });

  it("given events in any order, then they are kept once each in the catalogue's order", () => {
    const fields = Effect.runSync(checkWebhookEndpoint({ url: " https://hooks.example.com ", events: ["review.received", "post.scheduled", "post.scheduled"], description: "" }, noHttp));
    expect(fields).toEqual({ url: "https://hooks.example.com", events: ["post.scheduled", "review.received"], description: "" });
  });
});
