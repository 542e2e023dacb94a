import type { APIRoute } from "astro";
import { Effect } from "effect";
import { z } from "zod";
import { Workspaces } from "../../../../infra/identity/Workspaces";
import { guard } from "../../../lib/auth-guard";
import { parseFormOrJson } from "../../../lib/form-or-json";
import { json, respond } from "../../../lib/http";

const switchSchema = z.object({ workspaceId: z.uuid({ error: "Choose a workspace." }) });

/**
 * POST /api/workspaces/switch {workspaceId}: works in another of the person's workspaces from now on
 * (200 with the list); another workspace answers 404. Sent by the shell's switcher as a plain form
 * (with `back`, the screen it was on), it answers with a redirect to that same screen.
 */
export const POST: APIRoute = async ({ request, locals, redirect }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseFormOrJson(request, switchSchema);
  if (!input.ok) return input.response;
  const switched = Workspaces.use((workspaces) =>
    Effect.flatMap(workspaces.switchTo(signedIn.user.id, input.data.workspaceId, signedIn.caller), () => workspaces.ofPerson(signedIn.user.id)),
  );
  return respond(switched, (list) => (input.back ? redirect(input.back, 303) : json(list)));
};
