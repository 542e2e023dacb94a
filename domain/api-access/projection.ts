import { insertRow, type Projection, type RowChange, updateRow } from "../shared";
import { apiKeyIdOfStream, type ApiKeyEvent } from "./events";

/** The `api_keys` read model: one row per key, revoked ones kept (the audit trail names them). */
export const apiKeysProjection: Projection<ApiKeyEvent> = {
  name: "api-keys",
  kind: "inline",
  tables: [{ name: "api_keys", key: ["id"] }],
  handles: ["ApiKeyCreated", "ApiKeyRevoked"],
  project: (event): ReadonlyArray<RowChange> => {
    switch (event.type) {
      case "ApiKeyCreated": {
        const d = event.data;
        return [
          insertRow("api_keys", {
            id: d.keyId,
            workspace_id: d.workspaceId,
            name: d.name,
            access: d.access,
            require_approval: d.requireApproval,
            key_hash: d.keyHash,
            last_four: d.lastFour,
            created_by: d.createdBy,
            created_at: event.createdAt,
            expires_at: d.expiresAt,
            revoked_at: null,
          }),
        ];
      }
      case "ApiKeyRevoked":
        return [updateRow("api_keys", { id: apiKeyIdOfStream(event.streamId) }, { revoked_at: event.createdAt })];
    }
  },
};
