import type { APIRoute } from "astro";
import { LinkInBio } from "../../../../../../infra/link-in-bio/LinkInBio";
import { MANAGE_BIO } from "../../../../../features/link-in-bio/link-in-bio-schemas";
import { guard } from "../../../../../lib/auth-guard";
import { json, respond } from "../../../../../lib/http";

/** POST /api/link-in-bio/links/{id}/restore: a deleted link back at the end of the page, with its clicks (the Undo of a delete). */
export const POST: APIRoute = ({ request, params, locals }) => {
  const signedIn = guard(locals, request, MANAGE_BIO);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    LinkInBio.use((bio) => bio.restoreLink(signedIn.caller, params.id!)),
    (link) => json(link),
  );
};
