import type { APIRoute } from "astro";
import { Team } from "../../../../../infra/team/Team";
import { roleSchema } from "../../../../features/team/team-schemas";
import { guard } from "../../../../lib/auth-guard";
import { isUuid, json, notFound, parseJsonBody, respond } from "../../../../lib/http";

/**
 * PUT /api/team-members/{id} {role: admin|member|viewer}: the member with their new role.
 * DELETE: 204; they lose access at once. The owner answers 403; another workspace's member 404.
 */
const MANAGE = { permission: "manage_members", feature: "team_collaboration" } as const;

export const PUT: APIRoute = async ({ params, request, locals }) => {
  const signedIn = guard(locals, request, MANAGE);
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  const input = await parseJsonBody(request, roleSchema);
  if (!input.ok) return input.response;
  return respond(
    Team.use((team) => team.changeRole(signedIn.caller, id, input.data.role)),
    (member) => json(member),
  );
};

export const DELETE: APIRoute = ({ params, request, locals }) => {
  const signedIn = guard(locals, request, MANAGE);
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  return respond(
    Team.use((team) => team.remove(signedIn.caller, id)),
    () => new Response(null, { status: 204 }),
  );
};
