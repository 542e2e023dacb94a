import type { APIRoute } from "astro";
import type { Effect } from "effect";
import { z } from "zod";
import { Team } from "../../../../../infra/team/Team";
import { guard } from "../../../../lib/auth-guard";
import { parseFormOrJson } from "../../../../lib/form-or-json";
import { isUuid, notFound, respond } from "../../../../lib/http";

const accessSchema = z.object({
  userId: z.uuid({ error: "Choose someone of your team." }),
  granted: z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean({ error: "granted is true or false." })),
});

/**
 * POST /api/clients/{id}/access {userId, granted}: gives one of the agency's people access to this
 * client workspace (with their agency role) or takes it away (204). From a plain form, back to the page.
 */
export const POST: APIRoute = async ({ params, request, locals, redirect }) => {
  const signedIn = guard(locals, request, { permission: "manage_clients", feature: "client_management" });
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
