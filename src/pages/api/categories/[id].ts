import type { APIRoute } from "astro";
import { Categories } from "../../../../infra/categories/Categories";
import { updateCategorySchema } from "../../../features/categories/schemas";
import { requireUser } from "../../../lib/auth-guard";
import { commandContext, json, parseJsonBody, respond } from "../../../lib/http";

/**
 * GET, PUT (any of name, description, color, isDefault, platforms; `version` to refuse a stale
 * edit with 409) and DELETE (204) of one category of the caller's workspace. Any other id,
 * another workspace's included, answers 404.
 */
export const GET: APIRoute = ({ params, locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  return respond(
    Categories.use((categories) => categories.get(caller.user.workspaceId, params.id ?? "")),
    (category) => json(category),
  );
};

export const PUT: APIRoute = async ({ params, request, locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  const input = await parseJsonBody(request, updateCategorySchema);
  if (!input.ok) return input.response;
  return respond(
    Categories.use((categories) =>
      categories.update(
        { userId: caller.user.id, workspaceId: caller.user.workspaceId },
        params.id ?? "",
        input.data,
        commandContext(locals, request),
      ),
    ),
    (category) => json(category),
  );
};

export const DELETE: APIRoute = ({ params, request, locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  return respond(
    Categories.use((categories) =>
      categories.remove({ userId: caller.user.id, workspaceId: caller.user.workspaceId }, params.id ?? "", commandContext(locals, request)),
    ),
    () => new Response(null, { status: 204 }),
  );
};
