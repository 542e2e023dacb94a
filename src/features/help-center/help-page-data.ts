import type { HelpVotes } from "../../../domain/help";
import { Help } from "../../../infra/help/Help";
import { runForPage } from "../../lib/http";
import { type HelpCatalogue, helpCatalogue } from "../../../infra/help/catalogue";
import { articleViewOf, type HelpArticleSummary, type HelpArticleView, summaryOf } from "../../../infra/help/views";

const votesFor = async (userId: string | null): Promise<ReadonlyMap<string, HelpVotes>> => {
  const loaded = await runForPage(Help.use((help) => help.votes(userId)));
  // The articles read well without their counts: a database hiccup shows them unrated.
  return loaded.ok ? loaded.value : new Map();
};

/** The index's data: the articles matching `?q=` (over title, text and tags) or in `?category=`, all otherwise. */
export const helpIndexOf = async (
  url: URL,
  userId: string | null,
): Promise<{ catalogue: HelpCatalogue; articles: ReadonlyArray<HelpArticleSummary>; query: string; category: string | null }> => {
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const chosen = url.searchParams.get("category");
  const category = query || !helpCatalogue.categories.some((c) => c.id === chosen) ? null : chosen;
  const votes = await votesFor(userId);
  const found = helpCatalogue.search(query).filter((article) => category === null || article.category === category);
  return { catalogue: helpCatalogue, articles: found.map((article) => summaryOf(article, votes)), query, category };
};

/** An article's page data, or null for an unknown id (the page answers 404). */
export const helpArticleOf = async (id: string | undefined, userId: string | null): Promise<HelpArticleView | null> => {
  const article = helpCatalogue.byId(id ?? "");
  return article ? articleViewOf(helpCatalogue, article, await votesFor(userId)) : null;
};

export const appArticleHref = (id: string) => `/app/help-center/article/${id}`;
export const publicArticleHref = (id: string) => `/help/${id}`;
