import type { APIRoute } from "astro";
import { Help } from "../../../../../infra/help/Help";
import { helpCatalogue } from "../../../../features/help-center/help-articles";
import { helpSearchSchema } from "../../../../features/help-center/help-schemas";
import { summaryOf } from "../../../../features/help-center/help-views";
import { guard } from "../../../../lib/auth-guard";
import { json, parseQuery, respond } from "../../../../lib/http";

/** GET /api/help/articles?q=: `{categories, articles}`, the articles matching the words over title, text and tags (all without q), with their votes. */
export const GET: APIRoute = ({ request, locals, url }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  const query = parseQuery(url, helpSearchSchema);
  if (!query.ok) return query.response;
  return respond(
    Help.use((help) => help.votes(signedIn.user.id)),
    (votes) => json({ categories: helpCatalogue.categories, articles: helpCatalogue.search(query.data.q).map((article) => summaryOf(article, votes)) }),
  );
};
