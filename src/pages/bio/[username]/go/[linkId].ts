import type { APIRoute } from "astro";
import { LinkInBio } from "../../../../../infra/link-in-bio/LinkInBio";
import { clientInfo, runForPage } from "../../../../lib/http";

const unavailable = (status: number, message: string) =>
  new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

/**
 * GET /bio/{username}/go/{linkId}: a visible link of a published page, counted (no cookie: the
 * visitor is a hash of the day's salt, their address and browser) and answered with a 302 to it.
 * A visitor's page, not an operation of the API: a refusal is a line of text.
 */
export const GET: APIRoute = async ({ request, params, clientAddress }) => {
  const { ip, userAgent } = clientInfo(request, clientAddress);
  const clicked = await runForPage(LinkInBio.use((bio) => bio.click(params.username!, params.linkId!, { address: ip, userAgent }, new Date())));
  if (!clicked.ok) return unavailable(clicked.status, clicked.message);
  if (clicked.value === null) return unavailable(404, "This link isn't available.");
  return new Response(null, { status: 302, headers: { location: clicked.value, "cache-control": "no-store" } });
};
