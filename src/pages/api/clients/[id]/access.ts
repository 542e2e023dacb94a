import type { APIRoute } from "astro";
import type { Effect } from "effect";
import { Team } from "../../../../../infra/team/Team";
import { accessSchema, MANAGE_CLIENTS } from "../../../../features/clients/client-schemas";
import { guard } from "../../../../lib/auth-guard";
import { parseFormOrJson } from "../../../../lib/form-or-json";
import { isUuid, notFound, respond } from "../../../../lib/http";

/**
 * POST /api/clients/{id}/access {userId, granted}: gives one of the agency's people access to this
 * client workspace (with their agency role) or takes it away (204). Someone who sees every client
 * keeps it (409). From a plain form, back to the page.
 */
export const POST: APIRoute = async ({ params, request, locals, redirect, cookies }) => {
  const signedIn = guard(locals, request, MANAGE_CLIENTS);
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  const input = await parseFormOrJson(request, accessSchema);
  if (!input.ok) return input.response;
  return respond(
    Team.use((team): Effect.Effect<void, unknown> =>
      input.data.granted ? team.grantClientAccess(signedIn.caller, id, input.data.userId) : team.revokeClientAccess(signedIn.caller, id, input.data.userId),
    ),
    () => (input.back ? redirect(input.back, 303) : new Response(null, { status: 204 })),
  );
};
