import { type HelpVotes, NO_VOTES, ratingOf } from "../../domain/help";
import { categoryNameOf, type HelpArticle, type HelpCatalogue } from "./catalogue";

/** An article in a list: the help centre's and the search's answer. */
export interface HelpArticleSummary {
  readonly id: string;
  readonly title: string;
  readonly category: string;
  readonly categoryName: string;
  readonly excerpt: string;
  readonly readTime: number;
  readonly lastUpdated: string;
  readonly tags: ReadonlyArray<string>;
  readonly helpful: number;
  readonly notHelpful: number;
}

/** The article page's article: its rendered body, the votes, the person's own answer and the related articles. */
export interface HelpArticleView extends HelpArticleSummary {
  readonly html: string;
  /** 1 to 5 from the share of helpful votes (all helpful: 5, none: 1); null before the first vote. */
  readonly rating: number | null;
  readonly yourVote: boolean | null;
  readonly related: ReadonlyArray<HelpArticleSummary>;
}

export const summaryOf = (article: HelpArticle, votes: ReadonlyMap<string, HelpVotes>): HelpArticleSummary => {
  const counted = votes.get(article.id) ?? NO_VOTES;
  return {
    id: article.id,
    title: article.title,
    category: article.category,
    categoryName: categoryNameOf(article.category),
    excerpt: article.excerpt,
    readTime: article.readTime,
    lastUpdated: article.lastUpdated,
    tags: article.tags,
    helpful: counted.helpful,
    notHelpful: counted.notHelpful,
  };
};

export const articleViewOf = (catalogue: HelpCatalogue, article: HelpArticle, votes: ReadonlyMap<string, HelpVotes>): HelpArticleView => {
  const counted = votes.get(article.id) ?? NO_VOTES;
  return {
    ...summaryOf(article, votes),
    html: article.html,
    rating: ratingOf(counted),
    yourVote: counted.yourVote,
    related: catalogue.related(article).map((other) => summaryOf(other, votes)),
  };
};

/** "Nov 3, 2026" from YYYY-MM-DD, whatever the server's or browser's time zone. */
export const formatArticleDate = (day: string): string =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

export const ARTICLE_NOT_FOUND = "This help article does not exist. It may have been moved or removed.";
