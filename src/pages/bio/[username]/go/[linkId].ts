import type { APIRoute } from "astro";
import { LinkInBio } from "../../../../../infra/link-in-bio/LinkInBio";
import { clientInfo, respond } from "../../../../lib/http";

/**
 * GET /bio/{username}/go/{linkId}: a visible link of a published page, counted (no cookie: the
 * visitor is a hash of the day's salt, their address and browser) and answered with a 302 to it.
 */
export const GET: APIRoute = ({ request, params, clientAddress }) => {
  const { ip, userAgent } = clientInfo(request, clientAddress);
  return respond(
    LinkInBio.use((bio) => bio.click(params.username!, params.linkId!, { address: ip, userAgent }, new Date())),
    (url) =>
      url === null
        ? new Response("This link isn't available.", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } })
        : new Response(null, { status: 302, headers: { location: url, "cache-control": "no-store" } }),
  );
};
