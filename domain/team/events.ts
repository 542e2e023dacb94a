import { Schema } from "effect";
import { defineEvents, type EventOf } from "../shared";
import { INVITABLE_ROLES, MEMBER_ROLES } from "./rules";

const InvitableRole = Schema.Literals(INVITABLE_ROLES);
const MemberRole = Schema.Literals(MEMBER_ROLES);

/** Events of a workspace's team stream (`team-{workspaceId}`): its invitations and its members other than the owner. */
export const teamEvents = defineEvents({
  MemberInvited: Schema.Struct({
    inviteId: Schema.String,
    workspaceId: Schema.String,
    email: Schema.String,
    role: InvitableRole,
    /** SHA-256 of the link's token: the link itself is only ever in the e-mail. */
    tokenHash: Schema.String,
    invitedBy: Schema.String,
    expiresAt: Schema.String,
  }),
  /** A new link (the old one stops working) and a new expiry. */
  InviteResent: Schema.Struct({
    inviteId: Schema.String,
    tokenHash: Schema.String,
    expiresAt: Schema.String,
    /** The new link's own random id, its token derived from it as a new invitation's from `inviteId` (absent before tokens were derived). */
    resendId: Schema.optionalKey(Schema.String),
  }),
  InviteRevoked: Schema.Struct({ inviteId: Schema.String, email: Schema.String }),
  MemberJoined: Schema.Struct({ workspaceId: Schema.String, userId: Schema.String, email: Schema.String, role: InvitableRole, inviteId: Schema.String }),
  /** One of an agency's people given access to a client workspace, with their agency role (no invitation). */
  MemberAdded: Schema.Struct({ workspaceId: Schema.String, userId: Schema.String, email: Schema.String, role: InvitableRole }),
  MemberRoleChanged: Schema.Struct({ userId: Schema.String, email: Schema.String, role: MemberRole, previousRole: MemberRole }),
  MemberRemoved: Schema.Struct({ userId: Schema.String, email: Schema.String }),
  /** One of an agency's people sees every client, those added later too (with their agency role). */
  AllClientsAccessGranted: Schema.Struct({ userId: Schema.String, email: Schema.String }),
  /** They keep the clients they have, and are given or denied access client by client again. */
  AllClientsAccessRevoked: Schema.Struct({ userId: Schema.String, email: Schema.String }),
  /** Whether members' posts need an owner's or admin's approval before they are scheduled. */
  ApprovalRequirementSet: Schema.Struct({ required: Schema.Boolean }),
  /** A link for a client to approve posts without an account (`/approve/{token}`): the token kept as its hash. */
  ApprovalLinkCreated: Schema.Struct({
    linkId: Schema.String,
    postIds: Schema.Array(Schema.String),
    tokenHash: Schema.String,
    expiresAt: Schema.String,
    createdBy: Schema.String,
    /** The client's address the link was e-mailed to, if it was. */
    sentTo: Schema.optionalKey(Schema.String),
  }),
  ApprovalLinkRevoked: Schema.Struct({ linkId: Schema.String }),
  /** The agency's white label, shown to its clients instead of the product's. */
  BrandSet: Schema.Struct({ name: Schema.String, logoUrl: Schema.NullOr(Schema.String), color: Schema.String }),
  /** The owner handed the workspace to a member, and stays as an admin. */
  OwnershipTransferred: Schema.Struct({ ownerId: Schema.String, ownerEmail: Schema.String, previousOwnerId: Schema.String, previousOwnerEmail: Schema.String }),
});

export type TeamEvent = EventOf<typeof teamEvents.schemas>;

export const teamStreamId = (workspaceId: string) => `team-${workspaceId}`;
