import type { APIRoute } from "astro";
import { Workspaces } from "../../../../infra/identity/Workspaces";
import { addClient } from "../../../../infra/team/clients";
import { clientDetailsSchema, MANAGE_CLIENTS } from "../../../features/clients/client-schemas";
import { guard } from "../../../lib/auth-guard";
import { parseFormOrJson } from "../../../lib/form-or-json";
import { json, respond } from "../../../lib/http";
import { setFlash } from "../../../lib/session-cookie";

/**
 * GET /api/clients: the agency's client workspaces: id, name, logoUrl, createdAt, accounts, memberIds.
 * POST {name, logoUrl?}: a client workspace of the agency (201), owned by its owner, on its plan; its
 * accounts count against the plan's limit with the agency's; those who see every client have it.
 * From a plain form, back to the form's screen.
 */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request, MANAGE_CLIENTS);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Workspaces.use((workspaces) => workspaces.clientsOf(signedIn.user.workspaceId)),
    (clients) => json(clients),
  );
};

export const POST: APIRoute = async ({ request, locals, redirect, cookies }) => {
  const signedIn = guard(locals, request, MANAGE_CLIENTS);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseFormOrJson(request, clientDetailsSchema);
  if (!input.ok) return input.response;
  return respond(addClient(signedIn.caller, input.data), (client) => {
    if (!input.back) return json(client, 201);
    setFlash(cookies, { title: "Client Added", description: `${client.name} has its own accounts, posts and calendar. Switch to it from the sidebar.` });
    return redirect(input.back, 303);
  });
};
