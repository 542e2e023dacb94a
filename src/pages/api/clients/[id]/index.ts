import type { APIRoute } from "astro";
import { Workspaces } from "../../../../../infra/identity/Workspaces";
import { clientDetailsSchema, MANAGE_CLIENTS } from "../../../../features/clients/client-schemas";
import { guard } from "../../../../lib/auth-guard";
import { parseFormOrJson } from "../../../../lib/form-or-json";
import { isUuid, json, notFound, respond } from "../../../../lib/http";
import { setFlash } from "../../../../lib/session-cookie";

/**
 * PUT (or a plain form's POST) /api/clients/{id} {name, logoUrl}: renames a client of the agency or
 * changes its logo (an https:// address, empty for none); answers the client. Another agency's 404.
 */
const save: APIRoute = async ({ params, request, locals, redirect, cookies }) => {
  const signedIn = guard(locals, request, MANAGE_CLIENTS);
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  const input = await parseFormOrJson(request, clientDetailsSchema);
  if (!input.ok) return input.response;
  return respond(
    Workspaces.use((workspaces) => workspaces.updateClient(signedIn.caller, id, input.data)),
    (client) => {
      if (!input.back) return json(client);
      setFlash(cookies, { title: "Client Saved", description: `${client.name} is saved.` });
      return redirect(input.back, 303);
    },
  );
};

export const PUT = save;
export const POST = save;
