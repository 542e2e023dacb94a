import { Effect } from "effect";
import { isLimitReached, limitReachedMessage } from "../plans";
import { Conflict, type Decider, Forbidden, InvalidInput, isHttpsAddress, NotFound, PlanLimitReached } from "../shared";
import type { TeamEvent } from "./events";
import {
  APPROVAL_LINK_MAX_POSTS,
  BRAND_MESSAGES,
  emailProblem,
  isBrandColor,
  type InvitableRole,
  isInvitableRole,
  type MemberRole,
  normalizeEmail,
  TEAM_MESSAGES,
} from "./rules";

export interface Invitation {
  readonly email: string;
  readonly role: InvitableRole;
  readonly tokenHash: string;
  readonly expiresAt: number;
  readonly status: "pending" | "accepted" | "revoked";
}

/** The workspace's team: its invitations and its members other than the owner (who is the workspace's). */
export interface TeamState {
  readonly invites: ReadonlyMap<string, Invitation>;
  readonly members: ReadonlyMap<string, { readonly email: string; readonly role: MemberRole }>;
  /** An agency's people who see every client (the owner does always). */
  readonly allClients: ReadonlySet<string>;
  /** Members' posts go to the owners and admins for approval before they are scheduled. */
  readonly approvalRequired: boolean;
  /** Clients' approval links, by id. */
  readonly links: ReadonlyMap<
    string,
    { readonly tokenHash: string; readonly postIds: ReadonlyArray<string>; readonly expiresAt: number; readonly revoked: boolean }
  >;
}

const withInvite = (state: TeamState, id: string, change: (invite: Invitation) => Invitation): TeamState => {
  const invite = state.invites.get(id);
  return invite ? { ...state, invites: new Map(state.invites).set(id, change(invite)) } : state;
};

export const teamDecider: Decider<TeamState, TeamEvent> = {
  initialState: () => ({ invites: new Map(), members: new Map(), allClients: new Set(), approvalRequired: false, links: new Map() }),
  evolve: (state, event) => {
    switch (event.type) {
      case "MemberInvited": {
        const d = event.data;
        return {
          ...state,
          invites: new Map(state.invites).set(d.inviteId, {
            email: d.email,
            role: d.role,
            tokenHash: d.tokenHash,
            expiresAt: Date.parse(d.expiresAt),
            status: "pending",
          }),
        };
      }
      case "InviteResent":
        return withInvite(state, event.data.inviteId, (invite) => ({
          ...invite,
          tokenHash: event.data.tokenHash,
          expiresAt: Date.parse(event.data.expiresAt),
        }));
      case "InviteRevoked":
        return withInvite(state, event.data.inviteId, (invite) => ({ ...invite, status: "revoked" }));
      case "MemberJoined": {
        const joined = withInvite(state, event.data.inviteId, (invite) => ({ ...invite, status: "accepted" }));
        return { ...joined, members: new Map(joined.members).set(event.data.userId, { email: event.data.email, role: event.data.role }) };
      }
      case "MemberAdded":
        return { ...state, members: new Map(state.members).set(event.data.userId, { email: event.data.email, role: event.data.role }) };
      case "MemberRoleChanged": {
        const member = state.members.get(event.data.userId);
        return member ? { ...state, members: new Map(state.members).set(event.data.userId, { ...member, role: event.data.role }) } : state;
      }
      case "MemberRemoved": {
        const members = new Map(state.members);
        members.delete(event.data.userId);
        const allClients = new Set(state.allClients);
        allClients.delete(event.data.userId);
        return { ...state, members, allClients };
      }
      case "AllClientsAccessGranted":
        return { ...state, allClients: new Set(state.allClients).add(event.data.userId) };
      case "AllClientsAccessRevoked": {
        const allClients = new Set(state.allClients);
        allClients.delete(event.data.userId);
        return { ...state, allClients };
      }
      case "ApprovalRequirementSet":
        return { ...state, approvalRequired: event.data.required };
      case "BrandSet":
        return state;
      case "ApprovalLinkCreated": {
        const d = event.data;
        return {
          ...state,
          links: new Map(state.links).set(d.linkId, { tokenHash: d.tokenHash, postIds: d.postIds, expiresAt: Date.parse(d.expiresAt), revoked: false }),
        };
      }
      case "ApprovalLinkRevoked": {
        const link = state.links.get(event.data.linkId);
        return link ? { ...state, links: new Map(state.links).set(event.data.linkId, { ...link, revoked: true }) } : state;
      }
      case "OwnershipTransferred": {
        const members = new Map(state.members);
        members.delete(event.data.ownerId);
        members.set(event.data.previousOwnerId, { email: event.data.previousOwnerEmail, role: "admin" });
        const allClients = new Set(state.allClients);
        allClients.delete(event.data.ownerId);
        return { ...state, members, allClients };
      }
    }
  },
};

type Decision<E> = Effect.Effect<ReadonlyArray<TeamEvent>, E>;

const isOpen = (invite: Invitation) => invite.status === "pending";

/** Members and open invitations: the seats a plan's team member limit counts (the owner is not one). */
export const seatsTaken = (state: TeamState, now: Date) =>
  state.members.size + [...state.invites.values()].filter((invite) => isOpen(invite) && invite.expiresAt > now.getTime()).length;

export interface InviteMember {
  readonly inviteId: string;
  readonly workspaceId: string;
  readonly email: string;
  readonly role: string;
  readonly tokenHash: string;
  readonly invitedBy: string;
  /** The plan's team member limit (-1: unlimited). */
  readonly memberLimit: number;
  /** The owner's address: already in the team. */
  readonly ownerEmail: string;
  readonly expiresAt: Date;
  readonly now: Date;
}

/** An invitation to an address not in the team and not already invited, within the plan's limit. */
export const inviteMember =
  (command: InviteMember) =>
  (state: TeamState): Decision<InvalidInput | Conflict | PlanLimitReached> => {
    const problem = emailProblem(command.email);
    if (problem) return Effect.fail(new InvalidInput({ message: problem, fields: { email: problem } }));
    if (!isInvitableRole(command.role))
      return Effect.fail(new InvalidInput({ message: TEAM_MESSAGES.roleInvalid, fields: { role: TEAM_MESSAGES.roleInvalid } }));
    const email = normalizeEmail(command.email);
    if (email === normalizeEmail(command.ownerEmail) || [...state.members.values()].some((m) => m.email === email))
      return Effect.fail(new Conflict({ message: TEAM_MESSAGES.alreadyMember }));
    if ([...state.invites.values()].some((invite) => isOpen(invite) && invite.email === email))
      return Effect.fail(new Conflict({ message: TEAM_MESSAGES.alreadyInvited }));
    if (isLimitReached(seatsTaken(state, command.now), command.memberLimit))
      return Effect.fail(new PlanLimitReached({ message: limitReachedMessage("teamMembers", command.memberLimit) }));
    return Effect.succeed([
      {
        type: "MemberInvited",
        data: {
          inviteId: command.inviteId,
          workspaceId: command.workspaceId,
          email,
          role: command.role,
          tokenHash: command.tokenHash,
          invitedBy: command.invitedBy,
          expiresAt: command.expiresAt.toISOString(),
        },
      },
    ]);
  };

const openInvite = (state: TeamState, inviteId: string): Effect.Effect<Invitation, NotFound> => {
  const invite = state.invites.get(inviteId);
  return invite && isOpen(invite) ? Effect.succeed(invite) : Effect.fail(new NotFound({ what: "invitation" }));
};

/** A new link and a new expiry, for an invitation not yet used or withdrawn (an expired one included). */
export const resendInvite =
  (command: { readonly inviteId: string; readonly resendId: string; readonly tokenHash: string; readonly expiresAt: Date }) => (state: TeamState) =>
    Effect.map(openInvite(state, command.inviteId), (): ReadonlyArray<TeamEvent> => [
      {
        type: "InviteResent",
        data: { inviteId: command.inviteId, resendId: command.resendId, tokenHash: command.tokenHash, expiresAt: command.expiresAt.toISOString() },
      },
    ]);

export const revokeInvite = (command: { readonly inviteId: string }) => (state: TeamState) =>
  Effect.map(openInvite(state, command.inviteId), (invite): ReadonlyArray<TeamEvent> => [
    { type: "InviteRevoked", data: { inviteId: command.inviteId, email: invite.email } },
  ]);

/** The invitation a link's token opens, if it may still be used: single use, within 7 days. */
export const invitationByToken = (state: TeamState, tokenHash: string, now: Date): Effect.Effect<readonly [string, Invitation], NotFound | Conflict> => {
  const found = [...state.invites.entries()].find(([, invite]) => invite.tokenHash === tokenHash);
  if (!found || found[1].status === "revoked") return Effect.fail(new NotFound({ what: "invitation" }));
  if (found[1].status === "accepted") return Effect.fail(new Conflict({ message: TEAM_MESSAGES.inviteUsed }));
  if (found[1].expiresAt <= now.getTime()) return Effect.fail(new Conflict({ message: TEAM_MESSAGES.inviteExpired }));
  return Effect.succeed(found);
};

/** The person who followed the link joins with the invitation's role; the link is used up. */
export const acceptInvite =
  (command: { readonly workspaceId: string; readonly tokenHash: string; readonly userId: string; readonly now: Date }) => (state: TeamState) =>
    Effect.map(invitationByToken(state, command.tokenHash, command.now), ([inviteId, invite]): ReadonlyArray<TeamEvent> => [
      { type: "MemberJoined", data: { workspaceId: command.workspaceId, userId: command.userId, email: invite.email, role: invite.role, inviteId } },
    ]);

interface MemberCommand {
  readonly userId: string;
  /** Who asks: nobody changes their own role or removes themselves. */
  readonly actorId: string | null;
  readonly ownerId: string;
}

const member = (state: TeamState, command: MemberCommand): Effect.Effect<{ readonly email: string; readonly role: MemberRole }, Forbidden | NotFound> => {
  if (command.userId === command.ownerId) return Effect.fail(new Forbidden({ message: TEAM_MESSAGES.ownerUnchangeable }));
  if (command.userId === command.actorId) return Effect.fail(new Forbidden({ message: TEAM_MESSAGES.notYourself }));
  const found = state.members.get(command.userId);
  return found ? Effect.succeed(found) : Effect.fail(new NotFound({ what: "team member" }));
};

export const changeRole =
  (command: MemberCommand & { readonly role: string }) =>
  (state: TeamState): Decision<InvalidInput | Forbidden | NotFound> =>
    !isInvitableRole(command.role)
      ? Effect.fail(new InvalidInput({ message: TEAM_MESSAGES.roleInvalid, fields: { role: TEAM_MESSAGES.roleInvalid } }))
      : Effect.map(member(state, command), (found): ReadonlyArray<TeamEvent> =>
          found.role === command.role
            ? []
            : [{ type: "MemberRoleChanged", data: { userId: command.userId, email: found.email, role: command.role as MemberRole, previousRole: found.role } }],
        );

export const removeMember =
  (command: MemberCommand) =>
  (state: TeamState): Decision<Forbidden | NotFound> =>
    Effect.map(member(state, command), (found): ReadonlyArray<TeamEvent> => [{ type: "MemberRemoved", data: { userId: command.userId, email: found.email } }]);

/** The owner hands the workspace to a member, and stays on as an admin; nobody else can. */
export const transferOwnership =
  (command: { readonly userId: string; readonly actorId: string | null; readonly ownerId: string; readonly ownerEmail: string }) =>
  (state: TeamState): Decision<Forbidden | NotFound> => {
    if (command.actorId !== command.ownerId) return Effect.fail(new Forbidden({ message: TEAM_MESSAGES.onlyOwnerTransfers }));
    return Effect.map(member(state, { userId: command.userId, actorId: command.actorId, ownerId: "" }), (found): ReadonlyArray<TeamEvent> => [
      {
        type: "OwnershipTransferred",
        data: { ownerId: command.userId, ownerEmail: found.email, previousOwnerId: command.ownerId, previousOwnerEmail: command.ownerEmail },
      },
    ]);
  };

/** Turns the approval of members' posts on or off; nothing when it already is. */
export const setApprovalRequirement = (command: { readonly required: boolean }) => (state: TeamState) =>
  Effect.succeed<ReadonlyArray<TeamEvent>>(
    state.approvalRequired === command.required ? [] : [{ type: "ApprovalRequirementSet", data: { required: command.required } }],
  );

/** Whether `role`'s posts need approval in a workspace that asks for it: members' do; owners', admins' and the approvers' own do not. */
export const needsApproval = (approvalRequired: boolean, role: string) => approvalRequired && role === "member";

/** A link for a client to approve these posts (the service checks they await approval in this workspace). */
export const createApprovalLink =
  (command: {
    readonly linkId: string;
    readonly postIds: ReadonlyArray<string>;
    readonly tokenHash: string;
    readonly expiresAt: Date;
    readonly createdBy: string;
    /** The client's address to e-mail the link to. */
    readonly sentTo?: string;
  }) =>
  (state: TeamState): Decision<InvalidInput | Conflict> => {
    const postIds = [...new Set(command.postIds)];
    if (postIds.length === 0 || postIds.length > APPROVAL_LINK_MAX_POSTS)
      return Effect.fail(new InvalidInput({ message: TEAM_MESSAGES.linkPosts, fields: { postIds: TEAM_MESSAGES.linkPosts } }));
    const problem = command.sentTo === undefined ? null : emailProblem(command.sentTo);
    if (problem) return Effect.fail(new InvalidInput({ message: problem, fields: { email: problem } }));
    if (state.links.has(command.linkId)) return Effect.fail(new Conflict({ message: "This link already exists." }));
    return Effect.succeed([
      {
        type: "ApprovalLinkCreated",
        data: {
          linkId: command.linkId,
          postIds,
          tokenHash: command.tokenHash,
          expiresAt: command.expiresAt.toISOString(),
          createdBy: command.createdBy,
          ...(command.sentTo === undefined ? {} : { sentTo: normalizeEmail(command.sentTo) }),
        },
      },
    ]);
  };

export const revokeApprovalLink =
  (command: { readonly linkId: string }) =>
  (state: TeamState): Decision<NotFound> => {
    const link = state.links.get(command.linkId);
    return link && !link.revoked
      ? Effect.succeed([{ type: "ApprovalLinkRevoked", data: { linkId: command.linkId } }])
      : Effect.fail(new NotFound({ what: "approval link" }));
  };

/** The link a token opens, while it may be used: not withdrawn, within its days. */
export const approvalLinkByToken = (
  state: TeamState,
  tokenHash: string,
  now: Date,
): Effect.Effect<{ readonly linkId: string; readonly postIds: ReadonlyArray<string>; readonly expiresAt: Date }, NotFound | Conflict> => {
  const found = [...state.links.entries()].find(([, link]) => link.tokenHash === tokenHash);
  if (!found || found[1].revoked) return Effect.fail(new NotFound({ what: "approval link" }));
  if (found[1].expiresAt <= now.getTime()) return Effect.fail(new Conflict({ message: TEAM_MESSAGES.linkExpired }));
  return Effect.succeed({ linkId: found[0], postIds: found[1].postIds, expiresAt: new Date(found[1].expiresAt) });
};

/** An agency's person into a client's team, with their agency role; nothing when they are in it already or own it. */
export const addMember =
  (command: { readonly workspaceId: string; readonly userId: string; readonly email: string; readonly role: string; readonly ownerId: string }) =>
  (state: TeamState): Decision<InvalidInput> => {
    if (!isInvitableRole(command.role))
      return Effect.fail(new InvalidInput({ message: TEAM_MESSAGES.roleInvalid, fields: { role: TEAM_MESSAGES.roleInvalid } }));
    if (command.userId === command.ownerId || state.members.has(command.userId)) return Effect.succeed([]);
    return Effect.succeed([
      { type: "MemberAdded", data: { workspaceId: command.workspaceId, userId: command.userId, email: normalizeEmail(command.email), role: command.role } },
    ]);
  };

/** One of an agency's people sees every client from now on, or goes back to chosen ones; nothing when it already is so. */
export const setAllClientsAccess =
  (command: MemberCommand & { readonly allClients: boolean }) =>
  (state: TeamState): Decision<Forbidden | NotFound> =>
    Effect.map(member(state, command), (found): ReadonlyArray<TeamEvent> =>
      state.allClients.has(command.userId) === command.allClients
        ? []
        : [{ type: command.allClients ? "AllClientsAccessGranted" : "AllClientsAccessRevoked", data: { userId: command.userId, email: found.email } }],
    );

/** The agency's white label: a name, a logo's https:// address (or none) and one of the preset colours. */
export const setBrand =
  (command: { readonly name: string; readonly logoUrl: string | null; readonly color: string }) =>
  (_state: TeamState): Decision<InvalidInput> => {
    const name = command.name.trim();
    const logoUrl = command.logoUrl?.trim() || null;
    const errors: Record<string, string> = {};
    if (name.length < 2 || name.length > 60) errors.name = BRAND_MESSAGES.name;
    if (logoUrl !== null && !isHttpsAddress(logoUrl)) errors.logoUrl = BRAND_MESSAGES.logo;
    if (!isBrandColor(command.color)) errors.color = BRAND_MESSAGES.color;
    if (Object.keys(errors).length > 0) return Effect.fail(new InvalidInput({ message: Object.values(errors)[0]!, fields: errors }));
    return Effect.succeed([{ type: "BrandSet", data: { name, logoUrl, color: command.color.toUpperCase() } }]);
  };
