import type { APIRoute } from "astro";
import { Categories } from "../../../../infra/categories/Categories";
import { createCategorySchema } from "../../../features/categories/schemas";
import { guard } from "../../../lib/auth-guard";
import { commandContext, json, parseJsonBody, respond } from "../../../lib/http";

/**
 * GET /api/categories: the workspace's categories, default first, then by name: id, userId, name,
 * description, color, isDefault, platforms, createdAt, updatedAt, version.
 * POST /api/categories {name, description?, color? (blue), isDefault?, platforms?}: 201 with it.
 */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Categories.use((categories) => categories.list(signedIn.user.workspaceId)),
    (list) => json(list),
  );
};

export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_posts" });
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, createCategorySchema);
  if (!input.ok) return input.response;
  return respond(
    Categories.use((categories) => categories.create(signedIn.caller, input.data)),
    (category) => json(category, 201),
  );
};
