import type { APIRoute } from "astro";
import { Help } from "../../../../../../infra/help/Help";
import { helpCatalogue } from "../../../../../features/help-center/help-articles";
import { ARTICLE_NOT_FOUND, articleViewOf } from "../../../../../features/help-center/help-views";
import { guard } from "../../../../../lib/auth-guard";
import { apiError, json, respond } from "../../../../../lib/http";

/** GET /api/help/articles/{id}: the article with its rendered body, votes, your vote and up to 3 related articles; unknown: 404. */
export const GET: APIRoute = ({ params, request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  const article = helpCatalogue.byId(params.id ?? "");
  if (!article) return apiError(404, "not_found", ARTICLE_NOT_FOUND);
  return respond(
    Help.use((help) => help.votes(signedIn.user.id)),
    (votes) => json(articleViewOf(helpCatalogue, article, votes)),
  );
};
