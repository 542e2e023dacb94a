import type { APIRoute } from "astro";
import { ContentTemplates } from "../../../../../infra/content-templates/ContentTemplates";
import { WRITE_TEMPLATES } from "../../../../features/content-templates/template-schemas";
import { guard } from "../../../../lib/auth-guard";
import { json, respond } from "../../../../lib/http";

/**
 * POST /api/content-templates/{id}/use (no body, spec §7): counts a use of a template the caller
 * sees and answers it with its new usageCount; the screen then opens /app/compose?template={id}.
 */
export const POST: APIRoute = ({ params, request, locals }) => {
  const signedIn = guard(locals, request, WRITE_TEMPLATES);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    ContentTemplates.use((templates) => templates.use(signedIn.caller, params.id ?? "")),
    (template) => json(template),
  );
};
