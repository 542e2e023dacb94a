import type { APIRoute } from "astro";
import { Listening } from "../../../../../infra/listening/Listening";
import { ANSWER_INBOX } from "../../../../features/inbox/inbox-schemas";
import { monitorChangeSchema } from "../../../../features/listening/listening-schemas";
import { guard } from "../../../../lib/auth-guard";
import { isUuid, json, notFound, parseJsonBody, respond } from "../../../../lib/http";

/** PUT /api/listening/monitors/{id} {name?, terms?, isActive?}: the monitor changed, paused or resumed. DELETE: 204, with what it found. */
export const PUT: APIRoute = async ({ params, request, locals }) => {
  const signedIn = guard(locals, request, ANSWER_INBOX);
  if (!signedIn.ok) return signedIn.response;
  if (!isUuid(params.id)) return notFound();
  const input = await parseJsonBody(request, monitorChangeSchema);
  if (!input.ok) return input.response;
  const { isActive, ...fields } = input.data;
  return respond(
    Listening.use((listening) => listening.change(signedIn.caller, params.id!, { ...fields, ...(isActive === undefined ? {} : { active: isActive }) })),
    (monitor) => json(monitor),
  );
};

export const DELETE: APIRoute = ({ params, request, locals }) => {
  const signedIn = guard(locals, request, ANSWER_INBOX);
  if (!signedIn.ok) return signedIn.response;
  if (!isUuid(params.id)) return notFound();
  return respond(
    Listening.use((listening) => listening.remove(signedIn.caller, params.id!)),
    () => new Response(null, { status: 204 }),
  );
};
