import type { APIRoute } from "astro";
import { LinkInBio } from "../../../../infra/link-in-bio/LinkInBio";
import { editBioPageSchema, MANAGE_BIO, READ_BIO } from "../../../features/link-in-bio/link-in-bio-schemas";
import { guard } from "../../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../../lib/http";

/**
 * GET /api/link-in-bio: the workspace's page with its links (in order, with their clicks) and social links.
 * PUT {username, title, bio, profileImage, theme, isPublished, socialLinks}, any of them: the page after
 * (409 for a username another page has; 400 naming the field refused).
 */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request, READ_BIO);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    LinkInBio.use((bio) => bio.page(signedIn.user.workspaceId)),
    (page) => json(page),
  );
};

export const PUT: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, MANAGE_BIO);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, editBioPageSchema);
  if (!input.ok) return input.response;
  return respond(
    LinkInBio.use((bio) => bio.edit(signedIn.caller, input.data)),
    (page) => json(page),
  );
};
