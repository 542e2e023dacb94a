import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { PERMISSIONS } from "../../domain/access";
import { INVITABLE_ROLES } from "../../domain/team/rules";
import { ROLES } from "../../domain/shared";
import { BackToForm, jsonOrForm } from "../web/api/form-post";
import { idOf, LinkToken } from "../web/api/item-id";
import { Guard, InvalidRequest, PublicEdge, Requires } from "../web/api/guard";
import {
  ConflictProblem,
  ForbiddenProblem,
  InvalidInputProblem,
  NotFoundProblem,
  PlanLimitProblem,
  VersionConflictProblem,
} from "../web/api/problems";
import { zodPayload } from "../web/api/zod-payload";
import {
  accessSchema,
  approvalLinkSchema,
  brandSchema,
  clientDecisionSchema,
  clientDetailsSchema,
  inviteSchema,
  roleSchema,
  teamSettingsSchema,
} from "./schemas";

/** A person of the workspace (spec engagement §3 "Team member"): `TeamMember` of ./Team. */
export const TeamMemberSchema = Schema.Struct({
  id: Schema.String,
  email: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  role: Schema.Literals(ROLES),
  status: Schema.Literals(["active", "inactive"]),
  joinedAt: Schema.String,
  lastActive: Schema.NullOr(Schema.String),
  permissions: Schema.Array(Schema.Literals(PERMISSIONS)),
  allClients: Schema.Boolean.annotate({ description: "In an agency: they see every client, those added later too." }),
}).annotate({ identifier: "TeamMember" });

/** An invitation not yet used (spec engagement §3 "Invite"): `TeamInvite` of ./Team. */
export const TeamInviteSchema = Schema.Struct({
  id: Schema.String,
  email: Schema.String,
  role: Schema.Literals(INVITABLE_ROLES),
  status: Schema.Literals(["pending", "expired"]),
  invitedBy: Schema.String,
  createdAt: Schema.String,
  expiresAt: Schema.String,
}).annotate({ identifier: "TeamInvite" });

export const TeamSettingsSchema = Schema.Struct({
  approvalRequired: Schema.Boolean.annotate({ description: "Members' posts go to the owners and admins for approval before they are scheduled or published." }),
}).annotate({ identifier: "TeamSettings" });

/** A client's approval link as the team sees it: `ApprovalLink` of ./Team. */
export const ApprovalLinkSchema = Schema.Struct({
  id: Schema.String,
  postIds: Schema.Array(Schema.String),
  createdAt: Schema.String,
  expiresAt: Schema.String,
  outcome: Schema.Literals(["approved", "sent_back", "waiting", "expired"]),
  posts: Schema.Struct({ approved: Schema.Number, sentBack: Schema.Number, waiting: Schema.Number }),
  url: Schema.optionalKey(Schema.String).annotate({ description: "The link to give the client: only in the answer that creates it (the token is not kept)." }),
}).annotate({ identifier: "ApprovalLink" });

/** An agency's white label: `Brand` of ./Team. */
export const BrandSchema = Schema.Struct({ name: Schema.String, logoUrl: Schema.NullOr(Schema.String), color: Schema.String }).annotate({
  identifier: "Brand",
});

/** A client workspace of the agency: `ClientWorkspace` of infra/team/clients.ts. */
export const ClientWorkspaceSchema = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  logoUrl: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
  accounts: Schema.Number.annotate({ description: "Its connected accounts (the agency's plan limit counts them all)." }),
  memberIds: Schema.Array(Schema.String).annotate({ description: "The agency's people with access to it (its owner has it always)." }),
}).annotate({ identifier: "ClientWorkspace" });

const MANAGE_MEMBERS = { permission: "manage_members", feature: "team_collaboration" } as const;

/**
 * The team's operations (spec engagement §2 Team Management): its members and their roles, the
 * invitations, the team's settings. Served by ./api-handlers.ts; the Team Management screen calls
 * them through the typed client.
 */
export class TeamApi extends HttpApiGroup.make("team")
  .add(
    HttpApiEndpoint.get("members", "/api/team-members", { success: Schema.Array(TeamMemberSchema) }).annotate(
      OpenApi.Description,
      "The workspace's people, the owner first, with their role, status, when they last used the app and what they may do.",
    ),
    HttpApiEndpoint.put("changeRole", "/api/team-members/:id", {
      params: idOf("team member"),
      payload: zodPayload(roleSchema, "MemberRole"),
      success: TeamMemberSchema,
      error: [InvalidInputProblem, ForbiddenProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, MANAGE_MEMBERS)
      .annotate(OpenApi.Description, "A member's new role (admin, member or viewer). The owner, or oneself, answers 403; another workspace's member 404."),
    HttpApiEndpoint.delete("removeMember", "/api/team-members/:id", {
      params: idOf("team member"),
      success: HttpApiSchema.NoContent,
      error: [ForbiddenProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, MANAGE_MEMBERS)
      .annotate(OpenApi.Description, "Removes the member (204): they lose access at once, to the agency's clients too. The owner answers 403."),
    HttpApiEndpoint.post("transferOwnership", "/api/team-members/:id/transfer-ownership", {
      params: idOf("team member"),
      success: HttpApiSchema.NoContent,
      error: [ForbiddenProblem, NotFoundProblem, ConflictProblem, InvalidInputProblem, VersionConflictProblem],
    })
      .annotate(Requires, MANAGE_MEMBERS)
      .annotate(OpenApi.Description, "The owner hands the workspace to this member (204) and stays on as an admin. Anyone else answers 403; a non-member 404."),
    HttpApiEndpoint.get("invites", "/api/team-invites", { success: Schema.Array(TeamInviteSchema) }).annotate(
      OpenApi.Description,
      "The invitations not yet used, newest first (pending, or expired until resent or withdrawn).",
    ),
    HttpApiEndpoint.post("invite", "/api/team-invites", {
      payload: zodPayload(inviteSchema, "NewInvite"),
      success: TeamInviteSchema.pipe(HttpApiSchema.status(201)),
      error: [InvalidInputProblem, ConflictProblem, PlanLimitProblem, VersionConflictProblem],
    })
      .annotate(Requires, MANAGE_MEMBERS)
      .annotate(OpenApi.Description, "Invites someone (role member unless given): 201 with the invitation, e-mailed with its link, good once for 7 days."),
    HttpApiEndpoint.delete("revokeInvite", "/api/team-invites/:id", {
      params: idOf("invitation"),
      success: HttpApiSchema.NoContent,
      error: [NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, MANAGE_MEMBERS)
      .annotate(OpenApi.Description, "Withdraws the invitation (204); its link stops working."),
    HttpApiEndpoint.post("resendInvite", "/api/team-invites/:id/resend", {
      params: idOf("invitation"),
      success: TeamInviteSchema,
      error: [NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, MANAGE_MEMBERS)
      .annotate(OpenApi.Description, "A new link (the old one stops working) and 7 more days; answers the invitation."),
    HttpApiEndpoint.get("settings", "/api/team-settings", { success: TeamSettingsSchema }).annotate(OpenApi.Description, "The team's settings."),
    HttpApiEndpoint.put("setSettings", "/api/team-settings", {
      payload: zodPayload(teamSettingsSchema, "TeamSettingsInput"),
      success: TeamSettingsSchema,
      error: [InvalidInputProblem, VersionConflictProblem],
    })
      .annotate(Requires, MANAGE_MEMBERS)
      .annotate(OpenApi.Description, "Whether members' posts go to the owners and admins for approval before they are scheduled or published."),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Team") {}

const APPROVE = { permission: "approve_posts" } as const;

/** Links for a client to approve posts without an account (issue 10), as the team makes and withdraws them. */
export class ApprovalLinksApi extends HttpApiGroup.make("approvalLinks")
  .add(
    HttpApiEndpoint.get("list", "/api/approval-links", { success: Schema.Array(ApprovalLinkSchema) })
      .annotate(Requires, APPROVE)
      .annotate(OpenApi.Description, "The clients' links, open or expired in the last 14 days, with what became of their posts. Owners and admins."),
    HttpApiEndpoint.post("create", "/api/approval-links", {
      payload: zodPayload(approvalLinkSchema, "NewApprovalLink"),
      success: ApprovalLinkSchema.pipe(HttpApiSchema.status(201)),
      error: [InvalidInputProblem, ConflictProblem, VersionConflictProblem],
    })
      .annotate(Requires, APPROVE)
      .annotate(
        OpenApi.Description,
        "A link for a client to approve those posts (each awaiting approval), 201 with its `url`, shown this once; with `email`, e-mailed to the client under the agency's white label where it has one.",
      ),
    HttpApiEndpoint.delete("revoke", "/api/approval-links/:id", {
      params: idOf("approval link"),
      success: HttpApiSchema.NoContent,
      error: [NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, APPROVE)
      .annotate(OpenApi.Description, "Withdraws a client's link (204); it stops working at once."),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Approval links") {}

/** What a client does through their link, with no account: the link's token is the permission. */
export class ClientApprovalApi extends HttpApiGroup.make("clientApproval")
  .add(
    HttpApiEndpoint.post("decide", "/api/approve/:token", {
      params: { token: LinkToken },
      payload: zodPayload(clientDecisionSchema, "ClientDecision"),
      success: HttpApiSchema.NoContent,
      error: [InvalidInputProblem, NotFoundProblem, ConflictProblem, PlanLimitProblem, VersionConflictProblem],
    })
      .annotate(Requires, {})
      .annotate(
        OpenApi.Description,
        "A client approves a post of their link, or sends it back with what to change, under their name (204). An unknown or withdrawn link, or a post not in it, answers 404; an expired link 409.",
      ),
  )
  .middleware(InvalidRequest)
  .middleware(PublicEdge)
  .annotate(OpenApi.Title, "Client approval") {}

const WHITE_LABEL = { permission: "manage_clients", feature: "white_label" } as const;
const MANAGE_CLIENTS = { permission: "manage_clients", feature: "client_management" } as const;

/**
 * An agency's clients, their access and its white label. The Clients screen works without
 * JavaScript: its plain forms post here (`jsonOrForm`) and are taken back to it with a toast.
 */
export class ClientsApi extends HttpApiGroup.make("clients")
  .add(
    HttpApiEndpoint.get("brand", "/api/brand", { success: Schema.NullOr(BrandSchema) })
      .annotate(Requires, WHITE_LABEL)
      .annotate(OpenApi.Description, "The agency's white label, or null."),
    HttpApiEndpoint.put("setBrand", "/api/brand", {
      payload: jsonOrForm(brandSchema, "BrandInput"),
      success: [BrandSchema, BackToForm],
      error: [InvalidInputProblem, ConflictProblem, VersionConflictProblem],
    })
      .annotate(Requires, WHITE_LABEL)
      .annotate(OpenApi.Description, "The white label (a preset colour) shown on its clients' approval pages instead of the product's."),
    HttpApiEndpoint.post("saveBrand", "/api/brand", {
      payload: jsonOrForm(brandSchema, "BrandInput"),
      success: [BrandSchema, BackToForm],
      error: [InvalidInputProblem, ConflictProblem, VersionConflictProblem],
    })
      .annotate(Requires, WHITE_LABEL)
      .annotate(OpenApi.Description, "As PUT /api/brand, for the screen's plain form."),
    HttpApiEndpoint.get("list", "/api/clients", { success: Schema.Array(ClientWorkspaceSchema) })
      .annotate(Requires, MANAGE_CLIENTS)
      .annotate(OpenApi.Description, "The agency's client workspaces, by name."),
    HttpApiEndpoint.post("add", "/api/clients", {
      payload: jsonOrForm(clientDetailsSchema, "ClientDetails"),
      success: [ClientWorkspaceSchema.pipe(HttpApiSchema.status(201)), BackToForm],
      error: [InvalidInputProblem, ConflictProblem, NotFoundProblem, PlanLimitProblem, VersionConflictProblem],
    })
      .annotate(Requires, MANAGE_CLIENTS)
      .annotate(
        OpenApi.Description,
        "A client workspace of the agency (201), owned by its owner, on its plan; its accounts count against the plan's limit with the agency's; those who see every client have it.",
      ),
    HttpApiEndpoint.put("update", "/api/clients/:id", {
      params: idOf("client"),
      payload: jsonOrForm(clientDetailsSchema, "ClientDetails"),
      success: [ClientWorkspaceSchema, BackToForm],
      error: [InvalidInputProblem, ConflictProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, MANAGE_CLIENTS)
      .annotate(OpenApi.Description, "Renames a client of the agency or changes its logo (an https:// address, empty for none). Another agency's client answers 404."),
    HttpApiEndpoint.post("save", "/api/clients/:id", {
      params: idOf("client"),
      payload: jsonOrForm(clientDetailsSchema, "ClientDetails"),
      success: [ClientWorkspaceSchema, BackToForm],
      error: [InvalidInputProblem, ConflictProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, MANAGE_CLIENTS)
      .annotate(OpenApi.Description, "As PUT /api/clients/{id}, for the screen's plain form."),
    HttpApiEndpoint.post("access", "/api/clients/:id/access", {
      params: idOf("client"),
      payload: jsonOrForm(accessSchema, "ClientAccess"),
      success: [HttpApiSchema.NoContent, BackToForm],
      error: [InvalidInputProblem, ForbiddenProblem, ConflictProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, MANAGE_CLIENTS)
      .annotate(
        OpenApi.Description,
        "Gives one of the agency's people access to this client workspace (with their agency role) or takes it away (204). Someone who sees every client keeps it (409).",
      ),
    HttpApiEndpoint.post("allAccess", "/api/clients/access", {
      payload: jsonOrForm(accessSchema, "ClientAccess"),
      success: [HttpApiSchema.NoContent, BackToForm],
      error: [InvalidInputProblem, ForbiddenProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, MANAGE_CLIENTS)
      .annotate(
        OpenApi.Description,
        "One of the agency's people sees every client, those added later too (granted), or from now on only those chosen for them, keeping the ones they have (204).",
      ),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Clients") {}
