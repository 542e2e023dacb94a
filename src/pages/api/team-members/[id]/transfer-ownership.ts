import type { APIRoute } from "astro";
import { handOverWorkspace } from "../../../../../infra/team/transfer-ownership";
import { guard } from "../../../../lib/auth-guard";
import { isUuid, notFound, respond } from "../../../../lib/http";

/**
 * POST /api/team-members/{id}/transfer-ownership: the owner hands the workspace to this member
 * (204) and stays on as an admin. Anyone else answers 403 with the sentence; a non-member 404.
 */
export const POST: APIRoute = ({ params, request, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_members", feature: "team_collaboration" });
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  return respond(handOverWorkspace(signedIn.caller, id), () => new Response(null, { status: 204 }));
};
