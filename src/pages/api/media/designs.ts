import type { APIRoute } from "astro";
import { createDemoDesign } from "../../../../infra/media/designs";
import { designSchema } from "../../../features/media/schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../../lib/http";

/**
 * POST /api/media/designs {template}: "Create Design with Canva" in demo mode. The template's sample
 * design is stored in the media library like an upload: 201 `{url, item}`, `url` being what the post
 * attaches. 400 naming the templates when `template` is not one of them.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_posts" });
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, designSchema);
  if (!input.ok) return input.response;
  const { user } = signedIn;
  return respond(
    createDemoDesign({ userId: user.id, workspaceId: user.workspaceId, tier: user.subscriptionTier }, input.data.template, signedIn.caller),
    (item) => json({ url: item.fileUrl, item }, 201),
  );
};
