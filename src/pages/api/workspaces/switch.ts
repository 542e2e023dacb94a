import type { APIRoute } from "astro";
import { Effect } from "effect";
import { z } from "zod";
import { Workspaces } from "../../../../infra/identity/Workspaces";
import { formValues, safeNext, validateForm } from "../../../features/auth/forms";
import { guard } from "../../../lib/auth-guard";
import { apiError, json, parseJsonBody, respond } from "../../../lib/http";

const switchSchema = z.object({ workspaceId: z.uuid({ error: "Choose a workspace." }) });

/**
 * POST /api/workspaces/switch {workspaceId}: works in another of the person's workspaces from now on
 * (200 with the list); another workspace answers 404. Sent by the shell's switcher as a plain form
 * (with `back`, the screen it was on), it answers with a redirect to that same screen.
 */
export const POST: APIRoute = async ({ request, locals, redirect }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  const form = (request.headers.get("content-type") ?? "").includes("form") ? await formValues(request) : null;
  let workspaceId: string;
  if (form) {
    const input = validateForm(switchSchema, form);
    if (!input.ok) return apiError(400, "invalid_input", "Choose a workspace.", input.errors);
    workspaceId = input.data.workspaceId;
  } else {
    const input = await parseJsonBody(request, switchSchema);
    if (!input.ok) return input.response;
    workspaceId = input.data.workspaceId;
  }
  const switched = Workspaces.use((workspaces) =>
    Effect.flatMap(workspaces.switchTo(signedIn.user.id, workspaceId, signedIn.caller), () => workspaces.ofPerson(signedIn.user.id)),
  );
  return respond(switched, (list) => (form ? redirect(safeNext(form.back, "/app/dashboard"), 303) : json(list)));
};
