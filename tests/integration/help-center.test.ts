import { Effect, Layer, ManagedRuntime } from "effect";
import { describe, expect, it } from "vitest";
import { helpVotesProjection } from "../../domain/help";
import { Database } from "../../infra/db/Database";
import { verifyProjections } from "../../infra/eventstore/rebuild";
import { storedEventsLayer } from "../../infra/modules";
import { Browser, signUp } from "../support/browser";
import { useAppServer } from "../support/server";

/**
 * The help centre over HTTP (spec engagement §2, §3, §9): the repository's articles searched over
 * title, text and tags; "Was this article helpful?" one vote per person, changeable, with the real
 * counts; an unknown article 404; the public /help pages served without a session or any script.
 */

const app = useAppServer();
const ARTICLE = "team-invitations";

const votesOf = async (browser: Browser, id = ARTICLE) => {
  const response = await browser.get(`/api/help/articles/${id}`);
  expect(response.status, response.text).toBe(200);
  return response.data as {
    helpful: number;
    notHelpful: number;
    yourVote: boolean | null;
    rating: number | null;
    related: Array<{ id: string; category: string }>;
  };
};

describe("the help articles", () => {
  it("are listed with their categories' real counts, and searched by a word of their body", async () => {
    const { browser } = await signUp(app.server.url);
    const all = (await browser.get("/api/help/articles")).data as {
      categories: Array<{ id: string; articleCount: number }>;
      articles: Array<{ id: string; category: string }>;
    };
    expect(all.categories).toHaveLength(10);
    for (const category of all.categories) expect(category.articleCount).toBe(all.articles.filter((a) => a.category === category.id).length);

    const found = (await browser.get("/api/help/articles?q=subreddit")).data as { articles: Array<{ id: string }> };
    expect(found.articles.map((a) => a.id)).toContain("multi-platform-scheduling");
    expect(((await browser.get("/api/help/articles?q=xylophone")).data as { articles: unknown[] }).articles).toEqual([]);
    const tooLong = await browser.get(`/api/help/articles?q=${"a".repeat(201)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.data.detail).toBe("Search for at most 200 characters.");
  });

  it("give an article with up to 3 related ones of its category; an unknown one is 404 with a sentence", async () => {
    const { browser } = await signUp(app.server.url);
    const article = await votesOf(browser);
    expect(article.related.length).toBeGreaterThan(0);
    expect(article.related.length).toBeLessThanOrEqual(3);
    expect(article.related.every((r) => r.category === "team-collaboration" && r.id !== ARTICLE)).toBe(true);

    const unknown = await browser.get("/api/help/articles/no-such-article");
    expect(unknown.status).toBe(404);
    expect(unknown.data).toMatchObject({ code: "not_found", detail: "This help article does not exist. It may have been moved or removed." });
    expect((await browser.post("/api/help/articles/no-such-article/vote", { helpful: true })).status).toBe(404);
    expect((await new Browser(app.server.url).get("/api/help/articles")).status).toBe(401);
  });
});

describe("a vote on an article", () => {
  it("counts once per person, can be changed, and the counts are everyone's real votes", async () => {
    const first = (await signUp(app.server.url)).browser;
    const second = (await signUp(app.server.url)).browser;

    const voted = await first.post(`/api/help/articles/${ARTICLE}/vote`, { helpful: true });
    expect(voted.status, voted.text).toBe(200);
    expect(voted.data).toEqual({ helpful: 1, notHelpful: 0, yourVote: true, rating: 5 });
    // The same answer again records nothing more.
    expect((await first.post(`/api/help/articles/${ARTICLE}/vote`, { helpful: true })).data).toMatchObject({ helpful: 1, notHelpful: 0 });

    expect((await second.post(`/api/help/articles/${ARTICLE}/vote`, { helpful: false })).data).toEqual({
      helpful: 1,
      notHelpful: 1,
      yourVote: false,
      rating: 3,
    });
    expect(await votesOf(second)).toMatchObject({ helpful: 1, notHelpful: 1, yourVote: false, rating: 3 });

    // Changed: still one vote of theirs.
    expect((await first.post(`/api/help/articles/${ARTICLE}/vote`, { helpful: false })).data).toEqual({
      helpful: 0,
      notHelpful: 2,
      yourVote: false,
      rating: 1,
    });
    expect(await votesOf(first)).toMatchObject({ helpful: 0, notHelpful: 2, yourVote: false });
    const listed = (await first.get("/api/help/articles?q=invite")).data as { articles: Array<{ id: string; helpful: number; notHelpful: number }> };
    expect(listed.articles.find((a) => a.id === ARTICLE)).toMatchObject({ helpful: 0, notHelpful: 2 });

    const [{ count }] = await app.sql<{ count: number }[]>`select count(*)::int as count from help_votes where article_id = ${ARTICLE}`;
    expect(count).toBe(2);
  });

  it("needs a yes or a no, and a session", async () => {
    const { browser } = await signUp(app.server.url);
    const refused = await browser.post(`/api/help/articles/${ARTICLE}/vote`, { helpful: "maybe" });
    expect(refused.status).toBe(400);
    expect(refused.data.detail).toBe("Say whether the article helped: helpful is true or false.");
    expect((await new Browser(app.server.url).post(`/api/help/articles/${ARTICLE}/vote`, { helpful: true })).status).toBe(401);
  });
});

describe("the public help pages", () => {
  it("answer without a session, server-rendered with no script; search works; an unknown article is 404; all are in the sitemap", async () => {
    const visitor = new Browser(app.server.url);
    const index = await visitor.get("/help");
    expect(index.status).toBe(200);
    expect(index.text).toContain("Help Center");
    expect(index.text).not.toMatch(/<script/i);

    const search = await visitor.get("/help?q=app+password");
    expect(search.text).toContain('href="/help/connect-bluesky"');
    const refund = await visitor.get("/help?q=refund");
    expect(refund.text).toContain('href="/help/cancel-and-refunds"');
    const nothing = await visitor.get("/help?q=xylophone");
    expect(nothing.text).toContain("No articles found");
    expect(nothing.text).not.toContain('data-testid="help-articles"');

    const article = await visitor.get("/help/connect-instagram");
    expect(article.status).toBe(200);
    expect(article.text).toContain("How to connect your Instagram account");
    expect(article.text).toContain("<strong>Connect</strong>");
    expect(article.text).not.toMatch(/<script/i);

    const unknown = await visitor.get("/help/no-such-article");
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain("Article Not Found");

    const sitemap = await visitor.get("/sitemap.xml");
    expect(sitemap.text).toContain("/help</loc>");
    expect(sitemap.text).toContain("/help/team-invitations</loc>");
  });

  it("in the app: the article page and an unknown id's 'Article Not Found' (404)", async () => {
    const { browser } = await signUp(app.server.url);
    const page = await browser.get("/app/help-center/article/analytics-dashboard");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Was this article helpful?");
    const unknown = await browser.get("/app/help-center/article/no-such-article");
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain("Article Not Found");
  });

  it("in demo mode: read, with the vote shown but not saved", async () => {
    const demo = await new Browser(app.server.url).get("/app/help-center/article/connect-instagram?demo=true");
    expect(demo.status).toBe(200);
    expect(demo.text).toContain("Votes are not saved in the demo.");
    expect((await new Browser(app.server.url).get("/app/help-center?demo=true&q=instagram")).text).toContain("/app/help-center/article/connect-instagram");
  });
});

describe("the help votes' read model", () => {
  it("is rebuilt from the events exactly as it is live", async () => {
    const runtime = ManagedRuntime.make(Layer.merge(Database.layerFrom(Effect.succeed(app.database.url), { max: 2 }), storedEventsLayer()));
    try {
      const result = await runtime.runPromise(verifyProjections([helpVotesProjection]));
      expect(result.differences).toEqual([]);
    } finally {
      await runtime.dispose();
    }
  });
});
