import type { APIRoute } from "astro";
import { LinkInBio } from "../../../../infra/link-in-bio/LinkInBio";
import { notFoundFile, serveMediaFile } from "../../../features/media/http.server";
import { libraryFileOf } from "../../../features/link-in-bio/bio-view";
import { runForPage } from "../../../lib/http";

/**
 * GET /bio/{username}/avatar: a published page's profile image when it is a file of the media
 * library (whose own address only the workspace's members may fetch), for its visitors and the
 * previews of the networks it is shared on. Any other file of the library stays private.
 */
export const GET: APIRoute = async ({ params, request }) => {
  const found = await runForPage(LinkInBio.use((bio) => bio.publicPage(params.username ?? "")));
  const page = found.ok ? found.value : null;
  const file = page?.profileImage ? libraryFileOf(page.profileImage) : null;
  if (!page || !file) return notFoundFile();
  // Versioned by the page (?v=): a cache may keep it; other sites may show it (Open Graph previews).
  return serveMediaFile({ workspaceId: page.workspaceId, ...file }, request, true, {
    "cache-control": "public, max-age=86400",
    "cross-origin-resource-policy": "cross-origin",
  });
};
