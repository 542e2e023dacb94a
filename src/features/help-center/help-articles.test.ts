import { describe, expect, it } from "vitest";
import { faqContent } from "../../components/public/faq-content";
import { trialIncludes } from "../../components/public/trial-terms";
import { HELP_CATEGORIES, helpCatalogue, helpCatalogueOf, parseHelpArticle, readTimeOf, RELATED_MAX, SEARCH_SYNONYMS } from "../../../infra/help/catalogue";

const file = (frontMatter: string, body = "Connect your account from **Connect Accounts**.") => `---\n${frontMatter}\n---\n\n${body}\n`;
const VALID = 'id: sample-article\ntitle: "A sample"\ncategory: social-accounts\ntags: [connect, sample]\nlastUpdated: 2026-11-25';

describe("an article file", () => {
  it("gives its front matter, its body as HTML, plain text, an excerpt and a read time", () => {
    const article = parseHelpArticle(file(VALID), "x.md");
    expect(article).toMatchObject({
      id: "sample-article",
      title: "A sample",
      category: "social-accounts",
      tags: ["connect", "sample"],
      lastUpdated: "2026-11-25",
    });
    expect(article.html).toBe("<p>Connect your account from <strong>Connect Accounts</strong>.</p>");
    expect(article.text).toBe("Connect your account from Connect Accounts.");
    expect(article.excerpt).toBe(article.text);
    expect(article.readTime).toBe(1);
  });

  it("shows raw HTML as text and drops unsafe link addresses", () => {
    const article = parseHelpArticle(file(VALID, '<script>alert(1)</script>\n\n[click](javascript:alert(1)) <img src=x onerror="alert(1)">'), "x.md");
    expect(article.html).not.toMatch(/<script|<img|javascript:/);
    expect(article.html).toContain("&lt;script&gt;");
  });

  it("is refused, naming the file and the field, without front matter, with an unknown category, a bad date or no text", () => {
    expect(() => parseHelpArticle("Just text", "a.md")).toThrow("a.md: no front matter");
    expect(() => parseHelpArticle(file(VALID.replace("social-accounts", "gardening")), "b.md")).toThrow(/b\.md: category/);
    expect(() => parseHelpArticle(file(VALID.replace("2026-11-25", "25/11/2026")), "c.md")).toThrow(/lastUpdated/);
    expect(() => parseHelpArticle(file(VALID, ""), "d.md")).toThrow("d.md: the article has no text");
  });

  it("reads in a minute per 200 words, at least one", () => {
    expect(readTimeOf("")).toBe(1);
    expect(readTimeOf(Array(200).fill("word").join(" "))).toBe(1);
    expect(readTimeOf(Array(201).fill("word").join(" "))).toBe(2);
  });
});

describe("the repository's articles", () => {
  it("are all valid, hold the spec's four built-in articles in their categories, and fill each of the 10 categories", () => {
    expect(HELP_CATEGORIES).toHaveLength(10);
    expect(helpCatalogue.byId("team-invitations")?.category).toBe("team-collaboration");
    expect(helpCatalogue.byId("connect-instagram")?.category).toBe("social-accounts");
    expect(helpCatalogue.byId("multi-platform-scheduling")?.category).toBe("posting-scheduling");
    expect(helpCatalogue.byId("analytics-dashboard")?.category).toBe("analytics-reports");
    expect(helpCatalogue.articles.length).toBeGreaterThanOrEqual(60);
    for (const category of helpCatalogue.categories) expect(category.articleCount, category.id).toBeGreaterThanOrEqual(3);
    expect(helpCatalogue.categories.reduce((sum, c) => sum + c.articleCount, 0)).toBe(helpCatalogue.articles.length);
  });

  it("are found by a word of their body, their title or a tag, prefixes and small typos included", () => {
    expect(helpCatalogue.search("subreddit").map((a) => a.id)).toContain("multi-platform-scheduling");
    expect(helpCatalogue.search("app password")[0]?.id).toBe("connect-bluesky");
    expect(helpCatalogue.search("evergreen")[0]?.id).toBe("evergreen-categories");
    expect(helpCatalogue.search("instagarm").map((a) => a.id)).toContain("connect-instagram");
    expect(helpCatalogue.search("xylophone")).toEqual([]);
    expect(helpCatalogue.search("  ")).toHaveLength(helpCatalogue.articles.length);
  });

  it("answer every question of the public FAQ, and name only questions it has", () => {
    const questions = faqContent(5).flatMap((group) => group.items.map((item) => item.id));
    const answered = new Set(helpCatalogue.articles.flatMap((article) => article.faq));
    for (const question of questions) expect(answered.has(question), `FAQ "${question}" has no article`).toBe(true);
    for (const id of answered) expect(questions, `an article names FAQ "${id}"`).toContain(id);
  });

  it("say what the free trial includes as the FAQ and the register page do", () => {
    const trial = helpCatalogue.articles.find((article) => article.id === "trial-and-changing-plan")!;
    expect(trial.text).toContain(trialIncludes());
  });

  it("link only to articles that exist", () => {
    for (const article of helpCatalogue.articles)
      for (const [, id] of article.html.matchAll(/href="\/help\/([a-z0-9-]+)"/g)) expect(helpCatalogue.byId(id!), `${article.id} → ${id}`).toBeDefined();
  });

  it("are found through a synonym: refund finds cancelling and billing, delete finds removing", () => {
    expect(SEARCH_SYNONYMS.refund).toEqual(expect.arrayContaining(["cancel", "billing"]));
    const refund = helpCatalogue.search("refund").map((a) => a.id);
    expect(refund.slice(0, 3)).toContain("cancel-and-refunds");
    expect(refund).toContain("change-plan");
    expect(helpCatalogue.search("money back").map((a) => a.id)).toContain("cancel-and-refunds");
    expect(helpCatalogue.search("delete account").map((a) => a.id)).toContain("manage-connected-accounts");
    expect(helpCatalogue.search("dms").map((a) => a.id)).toContain("reply-to-dms-and-comments");
    expect(helpCatalogue.search("refund xylophone")).toEqual([]);
  });

  it("relate up to 3 others of the same category, those sharing tags first", () => {
    for (const article of helpCatalogue.articles) {
      const related = helpCatalogue.related(article);
      expect(related.length).toBeLessThanOrEqual(RELATED_MAX);
      expect(related.every((other) => other.category === article.category && other.id !== article.id)).toBe(true);
    }
    const base = parseHelpArticle(file(VALID), "x.md");
    const others = ["a", "b", "c", "d"].map((id, at) =>
      parseHelpArticle(file(VALID.replace("sample-article", id).replace("[connect, sample]", at === 3 ? "[sample]" : "[other]")), `${id}.md`),
    );
    expect(
      helpCatalogueOf([base, ...others])
        .related(base)
        .map((a) => a.id),
    ).toEqual(["d", "a", "b"]);
  });
});
