import { deleteRow, insertRow, type Projection, type RowChange, updateRow } from "../shared";
import { endpointIdOfStream, type WebhookEndpointEvent } from "./events";

/**
 * The `webhook_endpoints` read model: one row per endpoint not removed. Deliveries are rows of their
 * own (`webhook_deliveries`, written by the delivery job), not events: they are traffic, not changes.
 */
export const webhookEndpointsProjection: Projection<WebhookEndpointEvent> = {
  name: "webhook-endpoints",
  kind: "inline",
  tables: [{ name: "webhook_endpoints", key: ["id"] }],
  handles: ["WebhookEndpointAdded", "WebhookEndpointChanged", "WebhookEndpointDisabled", "WebhookEndpointEnabled", "WebhookEndpointRemoved"],
  project: (event): ReadonlyArray<RowChange> => {
    const key = { id: endpointIdOfStream(event.streamId) };
    const at = event.createdAt;
    switch (event.type) {
      case "WebhookEndpointAdded": {
        const d = event.data;
        return [
          insertRow("webhook_endpoints", {
            id: d.endpointId,
            workspace_id: d.workspaceId,
            url: d.url,
            events: [...d.events],
            description: d.description,
            secret_encrypted: d.secret,
            enabled: true,
            disabled_reason: null,
            created_at: at,
            updated_at: at,
          }),
        ];
      }
      case "WebhookEndpointChanged":
        return [updateRow("webhook_endpoints", key, { url: event.data.url, events: [...event.data.events], description: event.data.description, updated_at: at })];
      case "WebhookEndpointDisabled":
        return [updateRow("webhook_endpoints", key, { enabled: false, disabled_reason: event.data.reason, updated_at: at })];
      case "WebhookEndpointEnabled":
        return [updateRow("webhook_endpoints", key, { enabled: true, disabled_reason: null, updated_at: at })];
      case "WebhookEndpointRemoved":
        return [deleteRow("webhook_endpoints", key)];
    }
  },
};
