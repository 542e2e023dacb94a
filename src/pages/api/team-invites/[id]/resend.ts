import type { APIRoute } from "astro";
import { Team } from "../../../../../infra/team/Team";
import { guard } from "../../../../lib/auth-guard";
import { isUuid, json, notFound, respond } from "../../../../lib/http";

/** POST /api/team-invites/{id}/resend: a new link (the old one stops working) and 7 more days; the invitation. */
export const POST: APIRoute = ({ params, request, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_members", feature: "team_collaboration" });
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  return respond(
    Team.use((team) => team.resend(signedIn.caller, id)),
    (invite) => json(invite),
  );
};
