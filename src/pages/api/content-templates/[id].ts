import type { APIRoute } from "astro";
import { ContentTemplates, readerOf } from "../../../../infra/content-templates/ContentTemplates";
import { READ_TEMPLATES, updateTemplateSchema, WRITE_TEMPLATES } from "../../../features/content-templates/template-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../../lib/http";

/**
 * GET, PUT (any of name, content, platforms, hashtags, mediaUrls, isPublic; `version` to refuse a
 * stale edit with 409) and DELETE (204) of one template the caller sees. Another workspace's id and
 * another member's private template answer 404; a team template that is not theirs, to a member, 403.
 */
export const GET: APIRoute = ({ request, params, locals }) => {
  const signedIn = guard(locals, request, READ_TEMPLATES);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    ContentTemplates.use((templates) => templates.get(readerOf(signedIn.caller), params.id ?? "")),
    (template) => json(template),
  );
};

export const PUT: APIRoute = async ({ params, request, locals }) => {
  const signedIn = guard(locals, request, WRITE_TEMPLATES);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, updateTemplateSchema);
  if (!input.ok) return input.response;
  return respond(
    ContentTemplates.use((templates) => templates.update(signedIn.caller, params.id ?? "", input.data)),
    (template) => json(template),
  );
};

export const DELETE: APIRoute = ({ params, request, locals }) => {
  const signedIn = guard(locals, request, WRITE_TEMPLATES);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    ContentTemplates.use((templates) => templates.remove(signedIn.caller, params.id ?? "")),
    () => new Response(null, { status: 204 }),
  );
};
