import type { APIRoute } from "astro";
import { Team } from "../../../../infra/team/Team";
import { inviteSchema } from "../../../features/team/team-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../../lib/http";

/**
 * GET /api/team-invites: the invitations not yet used, newest first: id, email, role, status
 * (pending, expired), invitedBy, createdAt, expiresAt.
 * POST {email, role: admin|member|viewer (member)}: 201 with the invitation, e-mailed with its link.
 */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Team.use((team) => team.invites(signedIn.user.workspaceId, signedIn.caller.now)),
    (invites) => json(invites),
  );
};

export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_members", feature: "team_collaboration" });
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, inviteSchema);
  if (!input.ok) return input.response;
  return respond(
    Team.use((team) => team.invite(signedIn.caller, input.data)),
    (invite) => json(invite, 201),
  );
};
