import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api";
import { Guard, InvalidRequest, Requires, PeopleOnly } from "../web/api/guard";
import { ForbiddenProblem, InvalidInputProblem, problem, VersionConflictProblem } from "../web/api/problems";
import { zodPayload } from "../web/api/zod-payload";
import { helpSearchSchema, helpVoteSchema } from "./schemas";

/** An article id the catalogue does not have (404, with the help centre's own sentence). */
export class ArticleNotFound extends Schema.TaggedError<ArticleNotFound>()("ArticleNotFound", { message: Schema.String }) {
  static readonly status = 404;
  static readonly code = "not_found";
}
const ArticleNotFoundProblem = problem(ArticleNotFound, "Not found", (body) => new ArticleNotFound({ message: body.detail }));

const summaryFields = {
  id: Schema.String,
  title: Schema.String,
  category: Schema.String,
  categoryName: Schema.String,
  excerpt: Schema.String,
  readTime: Schema.Number.annotate({ description: "Minutes." }),
  lastUpdated: Schema.String.annotate({ description: "YYYY-MM-DD" }),
  tags: Schema.Array(Schema.String),
  helpful: Schema.Number,
  notHelpful: Schema.Number,
};

/** An article in a list (`HelpArticleSummary` of ./views). */
export const HelpArticleSummarySchema = Schema.Struct(summaryFields).annotate({ identifier: "HelpArticleSummary" });

/** The article page's article (`HelpArticleView`). */
export const HelpArticleViewSchema = Schema.Struct({
  ...summaryFields,
  html: Schema.String.annotate({ description: "The body, rendered from Markdown (any HTML in it shown as text)." }),
  rating: Schema.NullOr(Schema.Number).annotate({ description: "1 to 5 from the share of helpful votes; null before the first vote." }),
  yourVote: Schema.NullOr(Schema.Boolean),
  related: Schema.Array(HelpArticleSummarySchema),
}).annotate({ identifier: "HelpArticle" });

export const HelpCategorySchema = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  description: Schema.String,
  articleCount: Schema.Number,
}).annotate({ identifier: "HelpCategory" });

export const HelpVotesSchema = Schema.Struct({
  helpful: Schema.Number,
  notHelpful: Schema.Number,
  yourVote: Schema.NullOr(Schema.Boolean),
  rating: Schema.NullOr(Schema.Number),
}).annotate({ identifier: "HelpVotes" });

const byId = { id: Schema.String };

/**
 * The help centre's articles and their "Was this article helpful?" votes (spec engagement §9),
 * declared once for signed-in people (signed out, the public /help pages read the same articles);
 * served by ./api-handlers.ts.
 */
export class HelpApi extends HttpApiGroup.make("help")
  .add(
    HttpApiEndpoint.get("articles", "/api/help/articles", {
      query: zodPayload(helpSearchSchema, "HelpSearch"),
      success: Schema.Struct({ categories: Schema.Array(HelpCategorySchema), articles: Schema.Array(HelpArticleSummarySchema) }).annotate({
        identifier: "HelpArticles",
      }),
      error: InvalidInputProblem,
    }).annotate(OpenApi.Description, "The categories, and the articles matching the words of `q` over title, text and tags (all without q), with their votes."),
    HttpApiEndpoint.get("article", "/api/help/articles/:id", { params: byId, success: HelpArticleViewSchema, error: ArticleNotFoundProblem }).annotate(
      OpenApi.Description,
      "The article with its rendered body, votes, your vote and up to 3 related articles.",
    ),
    HttpApiEndpoint.post("vote", "/api/help/articles/:id/vote", {
      params: byId,
      payload: zodPayload(helpVoteSchema, "HelpVote"),
      success: HelpVotesSchema,
      error: [InvalidInputProblem, ArticleNotFoundProblem, ForbiddenProblem, VersionConflictProblem],
    })
      .annotate(Requires, {})
      .annotate(OpenApi.Description, "Your answer (one per person, changeable): the article's counts after, with its rating and your vote.")
      .annotate(PeopleOnly, true),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Help centre") {}
