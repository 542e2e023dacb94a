import { deleteRow, insertRow, type Projection, type RowChange } from "../shared";
import type { PlatformAppEvent } from "./events";

/**
 * The `platform_apps` read model: one row per platform with an app saved in the console, its secrets
 * encrypted. A trigger on it notifies `platform_app_changed`, so every process reloads its copy.
 */
export const platformAppsProjection: Projection<PlatformAppEvent> = {
  name: "platform-apps",
  kind: "inline",
  tables: [{ name: "platform_apps", key: ["platform"] }],
  handles: ["PlatformAppConfigured", "PlatformAppCleared"],
  project: (event): ReadonlyArray<RowChange> => {
    switch (event.type) {
      case "PlatformAppConfigured": {
        const d = event.data;
        return [
          deleteRow("platform_apps", { platform: d.platform }),
          insertRow("platform_apps", {
            platform: d.platform,
            client_id: d.clientId,
            secret_encrypted: d.secretEncrypted,
            extras: d.extras,
            updated_at: event.createdAt,
            updated_by: event.metadata.actorId,
          }),
        ];
      }
      case "PlatformAppCleared":
        return [deleteRow("platform_apps", { platform: event.data.platform })];
    }
  },
};
