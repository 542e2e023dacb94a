import type { APIRoute } from "astro";
import { Workspaces } from "../../../../infra/identity/Workspaces";
import { guard } from "../../../lib/auth-guard";
import { json, respond } from "../../../lib/http";

/** GET /api/workspaces: the workspaces the person belongs to: id, name, role, current. */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Workspaces.use((workspaces) => workspaces.ofPerson(signedIn.user.id)),
    (list) => json(list),
  );
};
