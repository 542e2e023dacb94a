import type { APIRoute } from "astro";
import { Inbox } from "../../../../infra/inbox/Inbox";
import { WRITE_TEMPLATES, templateSchema } from "../../../features/inbox/inbox-schemas";
import { guard } from "../../../lib/auth-guard";
import { isUuid, json, notFound, parseJsonBody, respond } from "../../../lib/http";

/** PUT /api/reply-templates/{id} {title, content, category}: the template changed. DELETE: 204. */
export const PUT: APIRoute = async ({ params, request, locals }) => {
  const signedIn = guard(locals, request, WRITE_TEMPLATES);
  if (!signedIn.ok) return signedIn.response;
  if (!isUuid(params.id)) return notFound();
  const input = await parseJsonBody(request, templateSchema);
  if (!input.ok) return input.response;
  return respond(
    Inbox.use((inbox) => inbox.updateTemplate(signedIn.caller, params.id!, input.data)),
    (template) => json(template),
  );
};

export const DELETE: APIRoute = ({ params, request, locals }) => {
  const signedIn = guard(locals, request, WRITE_TEMPLATES);
  if (!signedIn.ok) return signedIn.response;
  if (!isUuid(params.id)) return notFound();
  return respond(
    Inbox.use((inbox) => inbox.deleteTemplate(signedIn.caller, params.id!)),
    () => new Response(null, { status: 204 }),
  );
};
