import type { APIRoute } from "astro";
import { LinkInBio } from "../../../../../../infra/link-in-bio/LinkInBio";
import { editBioLinkSchema, MANAGE_BIO } from "../../../../../features/link-in-bio/link-in-bio-schemas";
import { guard } from "../../../../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../../../../lib/http";

/** PUT /api/link-in-bio/links/{id}: any of {title, url, type, isVisible, order}; the link after. DELETE: gone (204; restore undoes it). */
export const PUT: APIRoute = async ({ request, params, locals }) => {
  const signedIn = guard(locals, request, MANAGE_BIO);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, editBioLinkSchema);
  if (!input.ok) return input.response;
  return respond(
    LinkInBio.use((bio) => bio.editLink(signedIn.caller, params.id!, input.data)),
    (link) => json(link),
  );
};

export const DELETE: APIRoute = ({ request, params, locals }) => {
  const signedIn = guard(locals, request, MANAGE_BIO);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    LinkInBio.use((bio) => bio.deleteLink(signedIn.caller, params.id!)),
    () => new Response(null, { status: 204 }),
  );
};
