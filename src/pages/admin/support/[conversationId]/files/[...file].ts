import type { APIRoute } from "astro";
import { Effect, Exit } from "effect";
import { Support } from "../../../../../../infra/support/Support";
import { notFoundFile, serveMediaFile } from "../../../../../features/media/http.server";
import { runtime } from "../../../../../runtime";

/**
 * GET /admin/support/{conversationId}/files/{mediaId}/{file}: a file a customer attached in the
 * conversation, for operators (the middleware answers 404 to everyone else under /admin). Only files
 * attached in that conversation open here; the rest of the workspace's library stays its own.
 */
const serve = async (params: Record<string, string | undefined>, request: Request, withBody: boolean) => {
  const parts = (params.file ?? "").split("/");
  if (parts.length !== 2) return notFoundFile();
  const [mediaId, fileName] = parts as [string, string];
  const found = await runtime.runPromiseExit(Support.use((support) => support.attachmentWorkspace(params.conversationId ?? "", mediaId)).pipe(Effect.orElseSucceed(() => null)));
  if (Exit.isFailure(found) || found.value === null) return notFoundFile();
  return serveMediaFile({ workspaceId: found.value, mediaId, fileName }, request, withBody);
};

export const GET: APIRoute = ({ params, request }) => serve(params, request, true);
export const HEAD: APIRoute = ({ params, request }) => serve(params, request, false);
