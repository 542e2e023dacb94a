import { Layer } from "effect";
import { ROLE_LABELS, teamEvents, teamProjection } from "../../domain/team";
import { defineModule, moduleApi } from "../module";
import { ApprovalLinksApi, ClientApprovalApi, ClientsApi, TeamApi } from "./api";
import { approvalLinksHandlers, clientApprovalHandlers, clientsHandlers, teamHandlers } from "./api-handlers";
import { ApprovalLinks } from "./ApprovalLinks";
import { approvalRequestMail } from "./approval-mails";
import { ApprovalSettings } from "./ApprovalSettings";
import { ClientAccess } from "./ClientAccess";
import { Members } from "./Members";
import { postApprovalRuleLayer } from "./post-approval-rule";
import { teamMembershipsLayer } from "./memberships";
import { InvitationLinkApi, InvitationsApi } from "./invitations-api";
import { approvalLinkMailReaction, invitationMailReaction } from "./link-mails";
import { invitationLinkHandlers, invitationsHandlers } from "./invitations-api-handlers";
import { Team } from "./Team";
import { WhiteLabel } from "./WhiteLabel";

/** The workspace's team: invitations, members and their roles. */
export const teamModule = defineModule({
  name: "team",
  events: teamEvents,
  auditKinds: [{ id: "team", label: "Team" }],
  // The team's reads (Team) and a service of commands per aggregate, each reading through Team.
  layer: Layer.mergeAll(Members.layer, ApprovalSettings.layer, ApprovalLinks.layer, ClientAccess.layer, WhiteLabel.layer).pipe(Layer.provideMerge(Team.layer)),
  api: [
    moduleApi(TeamApi, teamHandlers),
    moduleApi(ApprovalLinksApi, approvalLinksHandlers),
    moduleApi(ClientApprovalApi, clientApprovalHandlers),
    moduleApi(ClientsApi, clientsHandlers),
    moduleApi(InvitationLinkApi, invitationLinkHandlers),
    moduleApi(InvitationsApi, invitationsHandlers),
  ],
  projections: [teamProjection],
  // The mails of the team's links (their tokens derived from the events that made them), and the approvers' mail of posts submitted to them.
  reactions: [invitationMailReaction, approvalLinkMailReaction, approvalRequestMail],
  ports: [postApprovalRuleLayer, teamMembershipsLayer],
  auditSummaries: {
    MemberInvited: (d) => `Invited ${d.email} as ${ROLE_LABELS[d.role as keyof typeof ROLE_LABELS]}`,
    InviteResent: () => "Resent an invitation",
    InviteRevoked: (d) => `Withdrew the invitation of ${d.email}`,
    MemberJoined: (d) => `${d.email} joined as ${ROLE_LABELS[d.role as keyof typeof ROLE_LABELS]}`,
    MemberAdded: (d) => `Gave ${d.email} access to this client as ${ROLE_LABELS[d.role as keyof typeof ROLE_LABELS]}`,
    MemberRoleChanged: (d) =>
      `Changed the role of ${d.email} from ${ROLE_LABELS[d.previousRole as keyof typeof ROLE_LABELS]} to ${ROLE_LABELS[d.role as keyof typeof ROLE_LABELS]}`,
    MemberRemoved: (d) => `Removed ${d.email} from the team`,
    AllClientsAccessGranted: (d) => `Gave ${d.email} access to every client`,
    AllClientsAccessRevoked: (d) => `${d.email} now sees only the clients chosen for them`,
    ApprovalRequirementSet: (d) => (d.required ? "Members' posts now need approval before they are scheduled" : "Members' posts no longer need approval"),
    ApprovalLinkCreated: (d) =>
      `Shared ${d.postIds.length} ${d.postIds.length === 1 ? "post" : "posts"} with a client for approval${d.sentTo ? `, e-mailed to ${d.sentTo}` : ""}`,
    ApprovalLinkRevoked: () => "Withdrew a client's approval link",
    BrandSet: (d) => `White label set to "${d.name}"`,
    OwnershipTransferred: (d) => `Handed the workspace to ${d.ownerEmail}, and stays on as Admin`,
  },
});
