import type { APIRoute } from "astro";
import { z } from "zod";
import { Workspaces } from "../../../../infra/identity/Workspaces";
import { guard } from "../../../lib/auth-guard";
import { parseFormOrJson } from "../../../lib/form-or-json";
import { json, respond } from "../../../lib/http";
import { setFlash } from "../../../lib/session-cookie";

const MANAGE_CLIENTS = { permission: "manage_clients", feature: "client_management" } as const;
const clientSchema = z.object({ name: z.string({ error: "Name the client in 2 to 100 characters." }).max(100, "Name the client in 2 to 100 characters.") });

/**
 * GET /api/clients: the agency's client workspaces: id, name, createdAt, accounts, memberIds.
 * POST {name}: a client workspace of the agency (201), owned by its owner, on its plan; its accounts
 * count against the plan's limit with the agency's. From a plain form, back to Team Management.
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
  const input = await parseFormOrJson(request, clientSchema);
  if (!input.ok) return input.response;
  return respond(
    Workspaces.use((workspaces) => workspaces.createClient(signedIn.caller, input.data.name)),
    (client) => {
      if (!input.back) return json(client, 201);
      setFlash(cookies, { title: "Client Added", description: `${client.name} has its own accounts, posts and calendar. Switch to it from the sidebar.` });
      return redirect(input.back, 303);
    },
  );
};
