import type { APIRoute } from "astro";
import { Categories } from "../../../../infra/categories/Categories";
import { createCategorySchema } from "../../../features/categories/schemas";
import { requireUser } from "../../../lib/auth-guard";
import { commandContext, json, parseJsonBody, respond } from "../../../lib/http";

/**
 * GET /api/categories: the workspace's categories, default first, then by name: id, userId, name,
 * description, color, isDefault, platforms, createdAt, updatedAt, version.
 * POST /api/categories {name, description?, color? (blue), isDefault?, platforms?}: 201 with it.
 */
export const GET: APIRoute = ({ locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  return respond(
    Categories.use((categories) => categories.list(caller.user.workspaceId)),
    (list) => json(list),
  );
};

export const POST: APIRoute = async ({ request, locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  const input = await parseJsonBody(request, createCategorySchema);
  if (!input.ok) return input.response;
  return respond(
    Categories.use((categories) =>
      categories.create({ userId: caller.user.id, workspaceId: caller.user.workspaceId }, input.data, commandContext(locals, request)),
    ),
    (category) => json(category, 201),
  );
};
