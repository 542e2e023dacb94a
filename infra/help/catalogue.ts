/// <reference types="vite/client" />
import { micromark } from "micromark";
import MiniSearch from "minisearch";
import { parse as parseYaml } from "yaml";
import { z } from "zod";

/** The help centre's 10 categories (spec engagement §9), in the order the help centre shows them. */
export const HELP_CATEGORIES = [
  { id: "getting-started", name: "Getting Started", description: "Your workspace, the dashboard, demo mode and the sandbox." },
  { id: "social-accounts", name: "Social Accounts", description: "Connecting social networks, Bluesky and review sites." },
  { id: "posting-scheduling", name: "Posting & Scheduling", description: "Compose, schedule, repeat, the queue and the calendar." },
  { id: "analytics-reports", name: "Analytics & Reports", description: "Your results, per platform and per post, and client reports." },
  { id: "team-collaboration", name: "Team Collaboration", description: "Inviting people, roles and approving posts." },
  { id: "social-inbox", name: "Social Inbox", description: "Messages, comments, mentions and quick replies in one place." },
  { id: "reviews-listings", name: "Reviews & Listings", description: "Review sites, responding to reviews and Google Business Profile." },
  { id: "automation", name: "Automation", description: "RSS auto-posting, bulk upload and evergreen categories." },
  { id: "content-tools", name: "Content Tools", description: "Templates, hashtag research, the media gallery and link in bio." },
  { id: "billing-plans", name: "Billing & Plans", description: "Plans, limits, the free trial and your subscription." },
] as const;

export type HelpCategoryId = (typeof HELP_CATEGORIES)[number]["id"];

/** Reading speed for the read time: an adult's usual pace on a screen. */
const WORDS_PER_MINUTE = 200;
export const RELATED_MAX = 3;
const EXCERPT_MAX = 160;

export interface HelpArticle {
  readonly id: string;
  readonly title: string;
  readonly category: HelpCategoryId;
  readonly tags: ReadonlyArray<string>;
  /** YYYY-MM-DD */
  readonly lastUpdated: string;
  /** The public FAQ's questions (their ids in faq-content.ts) this article answers in full. */
  readonly faq: ReadonlyArray<string>;
  /** The body as HTML, rendered from Markdown with any HTML in it shown as text. */
  readonly html: string;
  /** The body as plain text: what search and the read time read. */
  readonly text: string;
  readonly excerpt: string;
  /** Minutes, at least 1. */
  readonly readTime: number;
}

const CATEGORY_IDS = HELP_CATEGORIES.map((c) => c.id) as [HelpCategoryId, ...HelpCategoryId[]];

const frontMatterSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "id: lower-case words joined by hyphens"),
  title: z.string().min(1),
  category: z.enum(CATEGORY_IDS),
  tags: z.array(z.string().min(1)).min(1),
  lastUpdated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "lastUpdated: a date as YYYY-MM-DD"),
  faq: z.array(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "faq: the ids of FAQ questions")).default([]),
});

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/;

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };
/** Plain text of rendered HTML: blocks apart by a space, inline tags dropped. */
const textOf = (html: string) =>
  html
    .replace(/<\/(p|li|h[1-6]|blockquote|pre|td|th)>|<br\s*\/?>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, " ")
    .trim();

export const readTimeOf = (text: string): number => Math.max(1, Math.ceil(text.split(/\s+/).filter((w) => w !== "").length / WORDS_PER_MINUTE));

/** One article file: its front matter checked, its body rendered (raw HTML is escaped, unsafe links dropped). Throws naming the file. */
export const parseHelpArticle = (source: string, file: string): HelpArticle => {
  const parts = FRONT_MATTER.exec(source);
  if (!parts) throw new Error(`${file}: no front matter between --- lines`);
  const checked = frontMatterSchema.safeParse(parseYaml(parts[1]!));
  if (!checked.success) throw new Error(`${file}: ${checked.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  const body = parts[2]!.trim();
  if (body === "") throw new Error(`${file}: the article has no text`);
  const html = micromark(body);
  const text = textOf(html);
  const firstParagraph = textOf(/<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? text);
  const excerpt = firstParagraph.length > EXCERPT_MAX ? `${firstParagraph.slice(0, EXCERPT_MAX - 1).replace(/\s+\S*$/, "")}…` : firstParagraph;
  return { ...checked.data, html, text, excerpt, readTime: readTimeOf(text) };
};

/**
 * Words people search with that the articles put otherwise: a query word also finds the articles
 * of its alternatives. Lower case, one word each (a word of two would match either half).
 */
export const SEARCH_SYNONYMS: Readonly<Record<string, ReadonlyArray<string>>> = {
  refund: ["cancel", "billing", "subscription"],
  money: ["refund", "billing"],
  cancel: ["refund", "subscription"],
  unsubscribe: ["cancel", "subscription"],
  payment: ["billing", "card", "invoice"],
  pay: ["billing", "card", "invoice"],
  invoice: ["billing"],
  receipt: ["invoice", "billing"],
  price: ["pricing", "plans"],
  cost: ["pricing", "plans"],
  upgrade: ["plan", "pricing"],
  downgrade: ["plan", "pricing"],
  delete: ["remove", "disconnect"],
  remove: ["delete", "disconnect"],
  schedule: ["queue", "plan", "calendar"],
  later: ["schedule", "queue"],
  draft: ["drafts"],
  photo: ["image", "media"],
  picture: ["image", "media"],
  image: ["media", "photo"],
  video: ["media"],
  upload: ["media", "bulk"],
  csv: ["bulk", "export"],
  download: ["export"],
  export: ["download", "csv"],
  stats: ["analytics", "metrics"],
  statistics: ["analytics", "metrics"],
  report: ["analytics", "reports"],
  metrics: ["analytics"],
  dm: ["messages", "inbox"],
  dms: ["messages", "inbox"],
  message: ["inbox", "messages"],
  comment: ["comments", "inbox"],
  colleague: ["team", "member"],
  staff: ["team", "member"],
  employee: ["team", "member"],
  customer: ["client", "clients"],
  customers: ["client", "clients"],
  password: ["sign", "security"],
  login: ["sign", "password"],
  logout: ["sessions", "password"],
  signin: ["sign", "password"],
  test: ["sandbox"],
  try: ["sandbox", "demo", "trial"],
  brand: ["white"],
  branding: ["white"],
  logo: ["white"],
  history: ["audit"],
  log: ["audit"],
  twitter: ["x"],
  tweet: ["post", "x"],
  gmb: ["google"],
  rating: ["reviews"],
  ratings: ["reviews"],
  recycle: ["evergreen"],
  repost: ["evergreen", "repeat"],
  repeat: ["recurring"],
  recurring: ["repeat"],
  link: ["bio"],
  linktree: ["bio"],
  mention: ["mentions", "listening"],
  monitor: ["listening"],
  feed: ["rss"],
  blog: ["rss"],
  timezone: ["zone"],
  notification: ["notifications", "alerts"],
  email: ["mail", "notifications"],
  ai: ["assistant"],
  chatgpt: ["ai"],
  canva: ["design", "media"],
  tags: ["hashtags"],
  hashtag: ["hashtags"],
  account: ["accounts", "connect"],
  approve: ["approval", "approvals"],
  help: ["support"],
  contact: ["support"],
};

/** A query as MiniSearch reads it: every word must match, each word through itself or one of its synonyms. */
const expandedQuery = (query: string) => ({
  combineWith: "AND" as const,
  queries: query
    .toLowerCase()
    .split(/[\s\p{P}]+/u)
    .filter((word) => word !== "")
    .map((word) => {
      const alternatives = SEARCH_SYNONYMS[word];
      return alternatives ? { combineWith: "OR" as const, queries: [word, ...alternatives] } : word;
    }),
});

export interface HelpCatalogue {
  readonly articles: ReadonlyArray<HelpArticle>;
  readonly byId: (id: string) => HelpArticle | undefined;
  /** Articles whose title, text or tags match the words (prefixes, small typos and synonyms too), best first; a blank query gives them all. */
  readonly search: (query: string) => ReadonlyArray<HelpArticle>;
  /** Up to 3 other articles of its category, those sharing the most tags first. */
  readonly related: (article: HelpArticle) => ReadonlyArray<HelpArticle>;
  readonly categories: ReadonlyArray<(typeof HELP_CATEGORIES)[number] & { readonly articleCount: number }>;
}

export const helpCatalogueOf = (articles: ReadonlyArray<HelpArticle>): HelpCatalogue => {
  const byId = new Map(articles.map((a) => [a.id, a]));
  if (byId.size !== articles.length) throw new Error("Two help articles have the same id");
  const index = new MiniSearch<{ id: string; title: string; text: string; tags: string }>({
    fields: ["title", "text", "tags"],
    searchOptions: { boost: { title: 3, tags: 2 }, prefix: true, fuzzy: 0.2, combineWith: "AND" },
  });
  index.addAll(articles.map((a) => ({ id: a.id, title: a.title, text: a.text, tags: a.tags.join(" ") })));
  return {
    articles,
    byId: (id) => byId.get(id),
    search: (query) => (query.trim() === "" ? articles : index.search(expandedQuery(query)).flatMap((hit) => byId.get(String(hit.id)) ?? [])),
    related: (article) =>
      articles
        .filter((other) => other.category === article.category && other.id !== article.id)
        .map((other) => ({ other, shared: other.tags.filter((tag) => article.tags.includes(tag)).length }))
        .sort((a, b) => b.shared - a.shared || a.other.title.localeCompare(b.other.title))
        .slice(0, RELATED_MAX)
        .map(({ other }) => other),
    categories: HELP_CATEGORIES.map((category) => ({ ...category, articleCount: articles.filter((a) => a.category === category.id).length })),
  };
};

const CATEGORY_ORDER = new Map<string, number>(CATEGORY_IDS.map((id, at) => [id, at]));

/** The repository's articles (content/help/<category>/<id>.md), bundled at build time, by category then title. */
const bundledArticles = (): ReadonlyArray<HelpArticle> =>
  Object.entries(import.meta.glob<string>("../../content/help/*/*.md", { query: "?raw", import: "default", eager: true }))
    .map(([file, source]) => {
      const article = parseHelpArticle(source, file);
      if (!file.endsWith(`/${article.category}/${article.id}.md`)) throw new Error(`${file}: keep it at content/help/${article.category}/${article.id}.md`);
      return article;
    })
    .sort((a, b) => CATEGORY_ORDER.get(a.category)! - CATEGORY_ORDER.get(b.category)! || a.title.localeCompare(b.title));

let bundled: HelpCatalogue | undefined;
const catalogue = () => (bundled ??= helpCatalogueOf(bundledArticles()));

/**
 * The help centre's catalogue, read on first use: the worker loads every module's declarations in
 * plain Node, where the articles Vite bundles (import.meta.glob) are not there, and never reads them.
 */
export const helpCatalogue: HelpCatalogue = {
  get articles() {
    return catalogue().articles;
  },
  byId: (id) => catalogue().byId(id),
  search: (query) => catalogue().search(query),
  related: (article) => catalogue().related(article),
  get categories() {
    return catalogue().categories;
  },
};

export const categoryNameOf = (id: HelpCategoryId): string => HELP_CATEGORIES.find((c) => c.id === id)!.name;
