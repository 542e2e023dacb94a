import { deleteRow, insertRow, type Projection, type RowChange, updateRow } from "../shared";
import type { TeamEvent } from "./events";

/**
 * The team's read models: `team_members`, the workspace's people other than its owner, with their
 * role (the Caller's role is read from here), and `team_invites`, the invitations not withdrawn:
 * open ones, and used ones (accepted_at) so that a link followed twice can say it was used.
 */
export const teamProjection: Projection<TeamEvent> = {
  name: "team",
  kind: "inline",
  tables: [
    { name: "team_members", key: ["workspace_id", "user_id"] },
    { name: "team_invites", key: ["id"] },
    { name: "team_settings", key: ["workspace_id"] },
    { name: "approval_links", key: ["id"] },
    { name: "brands", key: ["workspace_id"] },
  ],
  handles: [
    "MemberInvited",
    "InviteResent",
    "InviteRevoked",
    "MemberJoined",
    "MemberAdded",
    "MemberRoleChanged",
    "MemberRemoved",
    "OwnershipTransferred",
    "ApprovalRequirementSet",
    "ApprovalLinkCreated",
    "BrandSet",
    "ApprovalLinkRevoked",
    "AllClientsAccessGranted",
    "AllClientsAccessRevoked",
  ],
  project: (event): ReadonlyArray<RowChange> => {
    const workspaceId = event.streamId.slice("team-".length);
    const at = event.createdAt;
    switch (event.type) {
      case "MemberInvited": {
        const d = event.data;
        return [
          insertRow("team_invites", {
            id: d.inviteId,
            workspace_id: d.workspaceId,
            email: d.email,
            role: d.role,
            token_hash: d.tokenHash,
            invited_by: d.invitedBy,
            created_at: at,
            expires_at: new Date(d.expiresAt),
          }),
        ];
      }
      case "InviteResent":
        return [
          updateRow(
            "team_invites",
            { id: event.data.inviteId },
            { token_hash: event.data.tokenHash, expires_at: new Date(event.data.expiresAt), created_at: at },
          ),
        ];
      case "InviteRevoked":
        return [deleteRow("team_invites", { id: event.data.inviteId })];
      case "MemberJoined": {
        const d = event.data;
        return [
          updateRow("team_invites", { id: d.inviteId }, { accepted_at: at }),
          insertRow("team_members", { workspace_id: d.workspaceId, user_id: d.userId, email: d.email, role: d.role, joined_at: at }),
        ];
      }
      case "MemberAdded": {
        const d = event.data;
        return [insertRow("team_members", { workspace_id: d.workspaceId, user_id: d.userId, email: d.email, role: d.role, joined_at: at })];
      }
      case "MemberRoleChanged":
        return [updateRow("team_members", { workspace_id: workspaceId, user_id: event.data.userId }, { role: event.data.role })];
      case "AllClientsAccessGranted":
      case "AllClientsAccessRevoked":
        return [
          updateRow("team_members", { workspace_id: workspaceId, user_id: event.data.userId }, { all_clients: event.type === "AllClientsAccessGranted" }),
        ];
      case "MemberRemoved":
        return [deleteRow("team_members", { workspace_id: workspaceId, user_id: event.data.userId })];
      // The row is written whole each time (there is none before the first setting).
      case "ApprovalRequirementSet":
        return [
          deleteRow("team_settings", { workspace_id: workspaceId }),
          insertRow("team_settings", { workspace_id: workspaceId, approval_required: event.data.required }),
        ];
      case "BrandSet":
        return [
          deleteRow("brands", { workspace_id: workspaceId }),
          insertRow("brands", { workspace_id: workspaceId, name: event.data.name, logo_url: event.data.logoUrl, color: event.data.color }),
        ];
      case "ApprovalLinkCreated": {
        const d = event.data;
        return [
          insertRow("approval_links", {
            id: d.linkId,
            workspace_id: workspaceId,
            post_ids: d.postIds,
            token_hash: d.tokenHash,
            created_by: d.createdBy,
            created_at: at,
            expires_at: new Date(d.expiresAt),
          }),
        ];
      }
      case "ApprovalLinkRevoked":
        return [deleteRow("approval_links", { id: event.data.linkId })];
      case "OwnershipTransferred": {
        const d = event.data;
        return [
          deleteRow("team_members", { workspace_id: workspaceId, user_id: d.ownerId }),
          insertRow("team_members", { workspace_id: workspaceId, user_id: d.previousOwnerId, email: d.previousOwnerEmail, role: "admin", joined_at: at }),
        ];
      }
    }
  },
};
