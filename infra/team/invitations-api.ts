import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { INVITABLE_ROLES } from "../../domain/team/rules";
import { PublicUserSchema } from "../identity/public-user";
import { joinSchema } from "../identity/schemas";
import { Guard, InvalidRequest, PublicEdge, RequestBody, Requires, PeopleOnly } from "../web/api/guard";
import { ConflictProblem, ForbiddenProblem, InvalidInputProblem, NotFoundProblem, VersionConflictProblem } from "../web/api/problems";
import { zodPayload } from "../web/api/zod-payload";

/** An invitation as its link shows it (the workspace's id and plan stay on the server). */
const InvitationSchema = Schema.Struct({
  workspaceName: Schema.String,
  invitedBy: Schema.String,
  email: Schema.String,
  role: Schema.Literals(INVITABLE_ROLES),
  expiresAt: Schema.String,
}).annotate({ identifier: "Invitation" });

const byToken = { token: Schema.String };

/**
 * An invitation's link (spec engagement §9: single use, 7 days), for whoever holds it: what it
 * offers, and joining with a new account (signed in at once: the session cookie). The page
 * /invite/{token} posts its plain form to the same operation.
 */
export class InvitationLinkApi extends HttpApiGroup.make("invitation-link")
  .add(
    HttpApiEndpoint.get("read", "/api/invitations/:token", {
      params: byToken,
      success: InvitationSchema,
      error: [NotFoundProblem, ConflictProblem],
    }).annotate(OpenApi.Description, "The invitation the link opens; 404 when unknown or withdrawn, 409 when used or expired, with the sentence to show."),
    HttpApiEndpoint.post("join", "/api/invitations/:token", {
      params: byToken,
      payload: zodPayload(joinSchema, "JoinForm"),
      success: Schema.Struct({ user: PublicUserSchema, redirectTo: Schema.String }).pipe(HttpApiSchema.status(201)),
      error: [InvalidInputProblem, NotFoundProblem, ConflictProblem, VersionConflictProblem],
    })
      .annotate(RequestBody, { maxBytes: 16_000 })
      .annotate(
        OpenApi.Description,
        "The person's account in the workspace, with the invitation's address and role, signed in (201 with the user and a session cookie); the link is used up.",
      ),
  )
  .middleware(InvalidRequest)
  .middleware(PublicEdge)
  .annotate(OpenApi.Title, "Invitation links") {}

/** Accepting an invitation with the account one is signed in with. */
export class InvitationsApi extends HttpApiGroup.make("invitations")
  .add(
    HttpApiEndpoint.post("accept", "/api/invitations/:token/accept", {
      params: byToken,
      success: InvitationSchema,
      error: [NotFoundProblem, ConflictProblem, ForbiddenProblem, VersionConflictProblem],
    })
      // The link is the permission: the invited address, signed in, whatever their role elsewhere.
      .annotate(Requires, {})
      .annotate(
        OpenApi.Description,
        "The signed-in person (the invited address; another one is 403) joins the team with the invitation's role and works in that workspace from now on.",
      )
      .annotate(PeopleOnly, true),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Invitations") {}
