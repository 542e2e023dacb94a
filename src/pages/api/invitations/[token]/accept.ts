import type { APIRoute } from "astro";
import { acceptInvitationAsPerson } from "../../../../../infra/team/accept-invitation";
import { guard } from "../../../../lib/auth-guard";
import { json, respond } from "../../../../lib/http";

/**
 * POST /api/invitations/{token}/accept: the signed-in person (the invited address) joins the team
 * with the invitation's role and works in that workspace from now on (200 with the invitation).
 */
export const POST: APIRoute = ({ params, request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  return respond(acceptInvitationAsPerson(params.token ?? "", signedIn.user, signedIn.caller), ({ workspaceId: _w, selectedPlan: _p, ...shown }) =>
    json(shown),
  );
};
