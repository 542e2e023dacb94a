import type { APIRoute } from "astro";
import { ContentTemplates, readerOf } from "../../../../infra/content-templates/ContentTemplates";
import { CREATE_TEMPLATES, createTemplateSchema, READ_TEMPLATES } from "../../../features/content-templates/template-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../../lib/http";

/**
 * GET /api/content-templates: the templates the caller sees (their own and the team's), last
 * changed first: id, name, content, platforms, hashtags, mediaUrls, isPublic, usageCount, lastUsedAt,
 * authorId, authorName, canChange, createdAt, updatedAt, version.
 * POST {name, content, platforms?, hashtags?, mediaUrls?, isPublic?}: 201 with it (plans with content templates).
 */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request, READ_TEMPLATES);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    ContentTemplates.use((templates) => templates.list(readerOf(signedIn.caller))),
    (list) => json(list),
  );
};

export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, CREATE_TEMPLATES);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, createTemplateSchema);
  if (!input.ok) return input.response;
  return respond(
    ContentTemplates.use((templates) => templates.create(signedIn.caller, input.data)),
    (template) => json(template, 201),
  );
};
