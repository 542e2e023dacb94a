import type { APIRoute } from "astro";
import { Categories } from "../../../../../infra/categories/Categories";
import { evergreenSchema } from "../../../../features/categories/schemas";
import { guard } from "../../../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../../../lib/http";

/**
 * PUT /api/categories/{id}/evergreen {enabled, everyDays?, minGapDays?, maxRepeats?, version?}: the
 * category's evergreen recycling on (settings not given stay as they were, the defaults at first) or
 * off; answers the category with its `evergreen`. Plans without content_recycling answer 403.
 */
export const PUT: APIRoute = async ({ params, request, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_posts", feature: "content_recycling" });
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, evergreenSchema);
  if (!input.ok) return input.response;
  return respond(
    Categories.use((categories) => categories.setEvergreen(signedIn.caller, params.id ?? "", input.data)),
    (category) => json(category),
  );
};
