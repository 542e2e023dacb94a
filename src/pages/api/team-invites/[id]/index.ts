import type { APIRoute } from "astro";
import { Team } from "../../../../../infra/team/Team";
import { guard } from "../../../../lib/auth-guard";
import { isUuid, notFound, respond } from "../../../../lib/http";

/** DELETE /api/team-invites/{id}: withdraws the invitation (204); its link stops working. */
export const DELETE: APIRoute = ({ params, request, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_members", feature: "team_collaboration" });
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  return respond(
    Team.use((team) => team.revoke(signedIn.caller, id)),
    () => new Response(null, { status: 204 }),
  );
};
