import type { APIRoute } from "astro";
import { Team } from "../../../../infra/team/Team";
import { accessSchema, MANAGE_CLIENTS } from "../../../features/clients/client-schemas";
import { guard } from "../../../lib/auth-guard";
import { parseFormOrJson } from "../../../lib/form-or-json";
import { respond } from "../../../lib/http";

/**
 * POST /api/clients/access {userId, granted}: one of the agency's people sees every client, those
 * added later too (granted), or from now on only those chosen for them, keeping the ones they have (204).
 */
export const POST: APIRoute = async ({ request, locals, redirect, cookies }) => {
  const signedIn = guard(locals, request, MANAGE_CLIENTS);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseFormOrJson(request, accessSchema);
  if (!input.ok) return input.response;
  return respond(
    Team.use((team) => team.setAllClientsAccess(signedIn.caller, input.data.userId, input.data.granted)),
    () => (input.back ? redirect(input.back, 303) : new Response(null, { status: 204 })),
  );
};
