import type { APIRoute } from "astro";
import { LinkInBio } from "../../../../../infra/link-in-bio/LinkInBio";
import { addBioLinkSchema, MANAGE_BIO } from "../../../../features/link-in-bio/link-in-bio-schemas";
import { guard } from "../../../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../../../lib/http";

/** POST /api/link-in-bio/links {title, url, type, isVisible}: the link, at the end of the page (201). */
export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, MANAGE_BIO);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, addBioLinkSchema);
  if (!input.ok) return input.response;
  return respond(
    LinkInBio.use((bio) => bio.addLink(signedIn.caller, input.data)),
    (link) => json(link, 201),
  );
};
