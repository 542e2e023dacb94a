import type { APIRoute } from "astro";
import { ratingOf } from "../../../../../../domain/help";
import { Help } from "../../../../../../infra/help/Help";
import { helpCatalogue } from "../../../../../features/help-center/help-articles";
import { helpVoteSchema } from "../../../../../features/help-center/help-schemas";
import { ARTICLE_NOT_FOUND } from "../../../../../features/help-center/help-views";
import { guard } from "../../../../../lib/auth-guard";
import { apiError, json, parseJsonBody, respond } from "../../../../../lib/http";

/** POST /api/help/articles/{id}/vote {helpful}: your answer (one per person, changeable): `{helpful, notHelpful, rating, yourVote}`. Unknown article: 404. */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  const article = helpCatalogue.byId(params.id ?? "");
  if (!article) return apiError(404, "not_found", ARTICLE_NOT_FOUND);
  const input = await parseJsonBody(request, helpVoteSchema);
  if (!input.ok) return input.response;
  return respond(
    Help.use((help) => help.vote(signedIn.caller, article.id, input.data.helpful)),
    (votes) => json({ ...votes, rating: ratingOf(votes) }),
  );
};
