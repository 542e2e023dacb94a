import type { APIRoute } from "astro";
import { notFoundFile, serveMediaFile } from "../../features/media/http.server";

/**
 * GET /media/{id}/original.{ext} and /media/{id}/thumbnail.webp: a stored file, only to members of
 * the workspace that owns it (anyone else, signed out included, gets 404); see serveMediaFile.
 */
const serve = (params: Record<string, string | undefined>, request: Request, locals: App.Locals, withBody: boolean) => {
  const user = locals.user;
  const parts = (params.path ?? "").split("/");
  if (!user || parts.length !== 2) return notFoundFile();
  const [mediaId, fileName] = parts;
  return serveMediaFile({ workspaceId: user.workspaceId, mediaId: mediaId!, fileName: fileName! }, request, withBody);
};

export const GET: APIRoute = ({ params, request, locals }) => serve(params, request, locals, true);
export const HEAD: APIRoute = ({ params, request, locals }) => serve(params, request, locals, false);
