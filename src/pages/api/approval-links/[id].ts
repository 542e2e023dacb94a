import type { APIRoute } from "astro";
import { Team } from "../../../../infra/team/Team";
import { guard } from "../../../lib/auth-guard";
import { isUuid, notFound, respond } from "../../../lib/http";

/** DELETE /api/approval-links/{id}: withdraws a client's link (204); it stops working at once. */
export const DELETE: APIRoute = ({ params, request, locals }) => {
  const signedIn = guard(locals, request, { permission: "approve_posts" });
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  return respond(
    Team.use((team) => team.revokeLink(signedIn.caller, id)),
    () => new Response(null, { status: 204 }),
  );
};
