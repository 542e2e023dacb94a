import { Effect } from "effect";
import { HttpApiBuilder } from "effect/http-api";
import { type HelpVotes, ratingOf } from "../../domain/help";
import { actorIdOf } from "../../domain/shared";
import type { AllDeclared, Undeclared } from "../web/api/declared";
import { onService } from "../web/api/handlers";
import { ArticleNotFound, type HelpApi, type HelpArticleViewSchema, type HelpCategorySchema, type HelpVotesSchema } from "./api";
import { type HelpCatalogue, helpCatalogue } from "./catalogue";
import { Help } from "./Help";
import { ARTICLE_NOT_FOUND, articleViewOf, type HelpArticleView, summaryOf } from "./views";

const asCaller = onService(Help);

const articleOf = (id: string) => {
  const article = helpCatalogue.byId(id);
  return article ? Effect.succeed(article) : Effect.fail(new ArticleNotFound({ message: ARTICLE_NOT_FOUND }));
};

/** The help centre's operations (./api.ts): the catalogue's articles with the Help service's votes. */
export const helpHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof HelpApi>) =>
  handlers
    .handle("articles", ({ query }) =>
      asCaller((help, caller) =>
        Effect.map(help.votes(actorIdOf(caller.actor)), (votes) => ({
          categories: helpCatalogue.categories,
          articles: helpCatalogue.search(query.q).map((article) => summaryOf(article, votes)),
        })),
      ),
    )
    .handle("article", ({ params }) =>
      asCaller((help, caller) =>
        Effect.flatMap(articleOf(params.id), (article) => Effect.map(help.votes(actorIdOf(caller.actor)), (votes) => articleViewOf(helpCatalogue, article, votes))),
      ),
    )
    .handle("vote", ({ params, payload }) =>
      asCaller((help, caller) =>
        Effect.flatMap(articleOf(params.id), (article) =>
          Effect.map(help.vote(caller, article.id, payload.helpful), (votes) => ({ ...votes, rating: ratingOf(votes) })),
        ),
      ),
    );

// Every field the catalogue and the service answer is declared (the encoder would drop the others).
export type Declared = AllDeclared<
  | Undeclared<typeof HelpArticleViewSchema.Type, HelpArticleView>
  | Undeclared<typeof HelpCategorySchema.Type, HelpCatalogue["categories"][number]>
  | Undeclared<typeof HelpVotesSchema.Type, HelpVotes>
>;
