import type { APIRoute } from "astro";
import { Categories } from "../../../../infra/categories/Categories";
import { updateCategorySchema } from "../../../features/categories/schemas";
import { guard } from "../../../lib/auth-guard";
import { commandContext, json, parseJsonBody, respond } from "../../../lib/http";

/**
 * GET, PUT (any of name, description, color, isDefault, platforms; `version` to refuse a stale
 * edit with 409) and DELETE (204) of one category of the caller's workspace. Any other id,
 * another workspace's included, answers 404.
 */
export const GET: APIRoute = ({ request, params, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Categories.use((categories) => categories.get(signedIn.user.workspaceId, params.id ?? "")),
    (category) => json(category),
  );
};

export const PUT: APIRoute = async ({ params, request, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_posts" });
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, updateCategorySchema);
  if (!input.ok) return input.response;
  return respond(
    Categories.use((categories) => categories.update(signedIn.caller, params.id ?? "", input.data)),
    (category) => json(category),
  );
};

export const DELETE: APIRoute = ({ params, request, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_posts" });
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Categories.use((categories) => categories.remove(signedIn.caller, params.id ?? "")),
    () => new Response(null, { status: 204 }),
  );
};
