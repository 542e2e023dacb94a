import type { APIRoute } from "astro";
import { Team } from "../../../infra/team/Team";
import { teamSettingsSchema } from "../../features/team/team-schemas";
import { guard } from "../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../lib/http";

/**
 * GET /api/team-settings: {approvalRequired}. PUT {approvalRequired}: whether members' posts go to
 * the owners and admins for approval before they are scheduled or published (owners and admins).
 */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Team.use((team) => team.settings(signedIn.user.workspaceId)),
    (settings) => json(settings),
  );
};

export const PUT: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_members", feature: "team_collaboration" });
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, teamSettingsSchema);
  if (!input.ok) return input.response;
  return respond(
    Team.use((team) => team.setApprovalRequired(signedIn.caller, input.data.approvalRequired)),
    (settings) => json(settings),
  );
};
