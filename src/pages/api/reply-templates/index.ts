import type { APIRoute } from "astro";
import { Inbox } from "../../../../infra/inbox/Inbox";
import { READ_TEMPLATES, WRITE_TEMPLATES, templateSchema } from "../../../features/inbox/inbox-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../../lib/http";

/** GET /api/reply-templates: the quick reply templates (id, title, content, category, updatedAt). POST {title, content, category}: 201 with it. */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request, READ_TEMPLATES);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Inbox.use((inbox) => inbox.templates(signedIn.user.workspaceId)),
    (templates) => json(templates),
  );
};

export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, WRITE_TEMPLATES);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, templateSchema);
  if (!input.ok) return input.response;
  return respond(
    Inbox.use((inbox) => inbox.createTemplate(signedIn.caller, input.data)),
    (template) => json(template, 201),
  );
};
