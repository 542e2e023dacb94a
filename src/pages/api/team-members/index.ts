import type { APIRoute } from "astro";
import { Team } from "../../../../infra/team/Team";
import { guard } from "../../../lib/auth-guard";
import { json, respond } from "../../../lib/http";

/** GET /api/team-members: the workspace's people, the owner first: id, email, firstName, lastName, role, status, joinedAt, lastActive, permissions. */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Team.use((team) => team.members(signedIn.user.workspaceId)),
    (members) => json(members),
  );
};
