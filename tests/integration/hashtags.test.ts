import { describe, expect, it } from "vitest";
import type { PlatformId } from "../../domain/accounts/platforms";
import { FEATURE_UNAVAILABLE_MESSAGE } from "../../domain/plans";
import { postDecider, postStreamId, recordEngagement } from "../../domain/publishing";
import { verifyProjections } from "../../infra/eventstore/rebuild";
import { handleCommand } from "../../infra/eventstore/handle";
import type { CurrentUser } from "../../infra/identity/current-user";
import { projections } from "../../infra/modules";
import { publishPost } from "../../infra/publishing/publish-post";
import { Browser } from "../support/browser";
import { type SendJson, useAppView } from "../support/bluesky";
import { asUser, createTestPost } from "../support/publishing";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";

/**
 * Hashtag research: figures from the workspace's published posts (created and published through the
 * post's commands at chosen times, their engagement recorded as the engagement job records it), and
 * public counts from a local AppView's app.bsky.feed.searchPosts; saved hashtag groups; the plan gate.
 */

const DAY_MS = 86_400_000;
/** Public Bluesky posts per hashtag: in the last 7 days and in the 7 before. */
const PUBLIC: Record<string, { recent: number; before: number }> = { "#dental": { recent: 1_500, before: 900 }, "#hygiene": { recent: 10, before: 20 } };
const searches: URL[] = [];
const searchPosts = (url: URL, send: SendJson) => {
  if (url.pathname !== "/xrpc/app.bsky.feed.searchPosts") return send(404, { error: "MethodNotImplemented" });
  searches.push(url);
  const q = (url.searchParams.get("q") ?? "").toLowerCase();
  if (q === "#broken") return send(500, { error: "InternalServerError", message: "Internal Server Error" });
  // As api.bsky.app answers: one page of posts, a cursor, no total.
  if (q === "#popular") return send(200, { posts: Array.from({ length: 100 }, (_, i) => ({ uri: `at://did:plc:x/app.bsky.feed.post/${i}` })), cursor: "100" });
  const until = Date.parse(url.searchParams.get("until") ?? "");
  const counts = PUBLIC[q] ?? { recent: 0, before: 0 };
  const recent = until > Date.now() - DAY_MS;
  send(200, { posts: [], hitsTotal: recent ? counts.recent : counts.before });
};

const appView = useAppView(searchPosts);
const app = useAppServer({ env: () => ({ BLUESKY_APPVIEW_URL: appView.url }) });
const { owner, workspaceOf } = teamHelpers(app);

/** A starter workspace's owner (hashtag research comes with Starter), signed in, as the commands see them. */
const starterOwner = async () => {
  const { browser, user } = await owner("starter");
  const current = { ...user, workspaceId: await workspaceOf(user.id), subscriptionTier: "starter", teamRole: "owner", timeZone: "Europe/Paris" } as CurrentUser;
  return { browser, user: current };
};

const connect = async (browser: Browser, platform: PlatformId) => {
  const created = await browser.post("/api/social-accounts/sandbox", { platform, accountName: `Lee Dental ${platform}` });
  expect(created.status, created.text).toBe(201);
  return { accountId: created.data.id as string, platform };
};

/** A post published `daysAgo`, with the likes, shares and comments its platform gave it. */
const published = async (
  user: CurrentUser,
  target: { accountId: string; platform: PlatformId },
  text: string,
  daysAgo: number,
  figures = { likes: 0, shares: 0, comments: 0 },
) => {
  const at = new Date(Date.now() - daysAgo * DAY_MS);
  const postId = await createTestPost(app, user, text, [target], { publishNow: true, now: at });
  expect(await app.run(publishPost(postId, { now: at, jobId: "1", attempt: 1, maxAttempts: 5 }))).toMatchObject({ outcome: "published" });
  await app.run(handleCommand(postStreamId(postId), postDecider, recordEngagement({ accountId: target.accountId, ...figures, now: at }), asUser(user, at)));
  return postId;
};

describe("hashtag research", () => {
  it("given published posts with their engagement, a search answers uses, engagement per post, related, trending and Bluesky's volume, each with its basis", async () => {
    const { browser, user } = await starterOwner();
    const instagram = await connect(browser, "instagram");
    const linkedin = await connect(browser, "linkedin");
    await published(user, instagram, "Spring smiles #Dental #smile", 2, { likes: 20, shares: 5, comments: 5 });
    // "#5" is a number, not a hashtag: it is in no figure, list or relation below.
    await published(user, instagram, "Dental tip #5: cleaning day #dental #hygiene", 3, { likes: 6, shares: 2, comments: 2 });
    await published(user, instagram, "Old news #dental #smile", 10, { likes: 4, shares: 1, comments: 0 });
    await published(user, instagram, "#hygiene tips", 11);
    await published(user, instagram, "More #hygiene", 12);
    await published(user, linkedin, "On LinkedIn too #dental", 1, { likes: 7, shares: 0, comments: 0 });

    searches.splice(0);
    const found = await browser.post("/api/hashtags/search", { query: "Dental", platform: "instagram" });
    expect(found.status, found.text).toBe(200);
    expect(found.data.basedOn).toEqual({ posts: 5, windowDays: 90, platform: "instagram", bluesky: "counted", blueskyNote: null });
    const [dental] = found.data.hashtags;
    expect(dental).toMatchObject({
      tag: "#Dental",
      uses: 3,
      engagement: 15,
      related: ["#smile", "#hygiene"],
      trending: true,
      trend: { yours: { last7: 2, previous7: 1 }, bluesky: { last7: 1_500, previous7: 900, atLeast: false } },
      volume: 1_500,
      volumeLabel: "1.5K",
      difficulty: 79,
      difficultyLabel: "Hard",
      competition: "High",
    });
    expect(dental.basedOn).toEqual({
      volume: "1500 public Bluesky posts in the last 7 days.",
      difficulty: "From the volume (1.5K).",
      engagement: "3 posts of yours with it received 45 likes, shares and comments in all.",
      trending: "Your posts: 2 in the last 7 days, 1 in the 7 before. Bluesky: 1500 public posts, 900 before.",
      related: "From the 3 posts of yours that use it.",
    });
    // The AppView was asked for the hashtag over both weeks.
    const asked = searches.filter((u) => u.searchParams.get("q") === "#dental");
    expect(asked).toHaveLength(2);
    expect(asked.every((u) => u.searchParams.get("since") && u.searchParams.get("until"))).toBe(true);

    // Used less than the week before, here and on Bluesky: not trending.
    const hygiene = (await browser.post("/api/hashtags/search", { query: "#hygiene", platform: "instagram" })).data.hashtags[0];
    expect(hygiene).toMatchObject({ tag: "#hygiene", uses: 3, trending: false, trend: { yours: { last7: 1, previous7: 2 } }, engagement: 3.3 });

    // Another platform counts its own posts and engagement.
    const onLinkedIn = await browser.post("/api/hashtags/search", { query: "dental", platform: "linkedin" });
    expect(onLinkedIn.data.basedOn.posts).toBe(1);
    expect(onLinkedIn.data.hashtags[0]).toMatchObject({ tag: "#dental", uses: 1, engagement: 7, related: [] });

    const trending = await browser.get("/api/hashtags/trending?platform=instagram");
    expect(trending.status).toBe(200);
    expect(trending.data.trending).toEqual([
      { tag: "#Dental", last7: 2, previous7: 1, rise: 100, engagement: 15, basedOn: "2 posts of yours in the last 7 days, 1 in the 7 before." },
    ]);
    const recent = await browser.get("/api/hashtags/recent");
    expect(recent.data.recent.map((r: { tag: string }) => r.tag)).toEqual(["#dental", "#smile", "#hygiene"]);
    expect(recent.data.basedOn.posts).toBe(6);
  });

  it("a blank query or an unknown platform is refused with a sentence; Bluesky failing leaves the figures of the posts, saying why; a page without a total is a floor", async () => {
    const { browser } = await starterOwner();
    const blank = await browser.post("/api/hashtags/search", { query: "   ", platform: "instagram" });
    expect(blank.status).toBe(400);
    expect(blank.data).toMatchObject({
      code: "invalid_input",
      detail: "Type a keyword or #hashtag to search for.",
      errors: { query: "Type a keyword or #hashtag to search for." },
    });
    const missing = await browser.post("/api/hashtags/search", { platform: "instagram" });
    expect(missing.status).toBe(400);
    expect(missing.data.detail).toBe("Type a keyword or #hashtag to search for.");
    const punctuation = await browser.post("/api/hashtags/search", { query: "!!!" });
    expect(punctuation.data.detail).toBe("Search with letters, numbers or _, and at least one letter: a hashtag holds no spaces or punctuation.");
    const number = await browser.post("/api/hashtags/search", { query: "#5" });
    expect(number.status).toBe(400);
    expect(number.data.errors).toEqual({ query: "Search with letters, numbers or _, and at least one letter: a hashtag holds no spaces or punctuation." });
    const platform = await browser.post("/api/hashtags/search", { query: "dental", platform: "myspace" });
    expect(platform.status).toBe(400);
    expect(platform.data.detail).toBe("Choose a platform: all, instagram, twitter, linkedin, tiktok, facebook.");
    expect((await browser.get("/api/hashtags/trending?platform=myspace")).status).toBe(400);

    const broken = await browser.post("/api/hashtags/search", { query: "broken" });
    expect(broken.status).toBe(200);
    expect(broken.data.basedOn).toMatchObject({ bluesky: "unreachable", blueskyNote: "The Bluesky AppView refused the search: Internal Server Error." });
    expect(broken.data.hashtags[0]).toMatchObject({ tag: "#broken", volume: null, difficulty: null, trending: false });

    const popular = (await browser.post("/api/hashtags/search", { query: "popular" })).data.hashtags[0];
    expect(popular).toMatchObject({ volume: 100, volumeLabel: "100+", difficulty: 50, difficultyLabel: "Medium" });
    expect(popular.basedOn.volume).toBe("At least 100 public Bluesky posts in the last 7 days (the AppView counts no further).");
  });

  it("a workspace with no published posts gets the typed hashtag with no figures of its own, and says so", async () => {
    const { browser } = await starterOwner();
    const found = await browser.post("/api/hashtags/search", { query: "#dental", platform: "all" });
    expect(found.data.basedOn.posts).toBe(0);
    expect(found.data.hashtags).toHaveLength(1);
    expect(found.data.hashtags[0]).toMatchObject({ tag: "#dental", uses: 0, engagement: null, related: [], volume: 1_500 });
    expect(found.data.hashtags[0].basedOn.engagement).toBe("None of your posts published in the last 90 days uses it.");
    expect((await browser.get("/api/hashtags/trending")).data).toMatchObject({ trending: [], basedOn: { posts: 0, platform: "all" } });
    expect((await browser.get("/api/hashtags/recent")).data.recent).toEqual([]);
  });

  it("saved groups: created with their hashtags tidied, renamed, refused when wrong, deleted; another workspace's is not found", async () => {
    const { browser } = await starterOwner();
    const created = await browser.post("/api/hashtag-groups", { name: " Dental care ", tags: "dental, #smile #Dental" });
    expect(created.status, created.text).toBe(201);
    expect(created.data).toMatchObject({ name: "Dental care", tags: ["#dental", "#smile"] });
    const id = created.data.id as string;

    const wrong = await browser.post("/api/hashtag-groups", { name: "", tags: ["#ok", "no way"] });
    expect(wrong.status).toBe(400);
    expect(wrong.data.errors).toEqual({
      name: "Give the group a name of 1 to 60 characters.",
      tags: '"no way" is not a hashtag: use letters, numbers and _ after the #, at least one letter, at most 100 characters.',
    });

    // Wrong shapes: a 400 with a sentence, never a 500.
    for (const body of [
      [1],
      "tags",
      null,
      { name: 5, tags: "#a" },
      { name: "A", tags: 7 },
      { name: "A", tags: [null] },
      {
        name: "A",
        tags: Array(31)
          .fill("#a")
          .map((t, i) => `${t}${i}`),
      },
    ]) {
      const refused = await browser.post("/api/hashtag-groups", body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.data.detail, JSON.stringify(body)).toMatch(/\w/);
    }
    for (const body of [[{ query: "a" }], { query: 42 }, { query: "a", platform: 3 }, { query: "x".repeat(201) }]) {
      const refused = await browser.post("/api/hashtags/search", body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.data.detail, JSON.stringify(body)).toMatch(/\w/);
    }
    expect((await browser.put("/api/hashtag-groups/not-a-uuid", { name: "X" })).status).toBe(404);

    const renamed = await browser.put(`/api/hashtag-groups/${id}`, { name: "Teeth", tags: ["#teeth", "#smile"] });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await browser.get("/api/hashtag-groups")).data).toEqual([expect.objectContaining({ id, name: "Teeth", tags: ["#teeth", "#smile"] })]);

    const other = await starterOwner();
    expect((await other.browser.put(`/api/hashtag-groups/${id}`, { name: "Mine" })).status).toBe(404);
    expect((await other.browser.delete(`/api/hashtag-groups/${id}`)).status).toBe(404);
    expect((await other.browser.get("/api/hashtag-groups")).data).toEqual([]);

    expect((await browser.delete(`/api/hashtag-groups/${id}`)).status).toBe(204);
    expect((await browser.get("/api/hashtag-groups")).data).toEqual([]);
    expect((await browser.delete(`/api/hashtag-groups/${id}`)).status).toBe(404);

    // The plans were set in the database (teamHelpers.owner), so only this read model is checked against its events.
    expect((await app.run(verifyProjections(projections.filter((p) => p.name === "hashtag-groups")))).differences).toEqual([]);
  });

  it("a plan without hashtag research is refused with the plan's sentence, and its page shows the premium gate", async () => {
    const { browser } = await owner("trial");
    const refused = { code: "plan_limit", detail: FEATURE_UNAVAILABLE_MESSAGE };
    const search = await browser.post("/api/hashtags/search", { query: "dental", platform: "instagram" });
    expect(search.status).toBe(403);
    expect(search.data).toMatchObject(refused);
    for (const path of ["/api/hashtags/trending", "/api/hashtags/recent", "/api/hashtag-groups"]) {
      const response = await browser.get(path);
      expect(response.status, path).toBe(403);
      expect(response.data).toMatchObject(refused);
    }
    expect((await browser.post("/api/hashtag-groups", { name: "A", tags: "#a" })).status).toBe(403);
    const page = await browser.page("/app/hashtag-research");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Premium Feature");
    expect(page.text).not.toContain('data-testid="hashtag-research"');
  });

  it("demo mode searches the demo workspace's published posts, and saves nothing", async () => {
    const visitor = new Browser(app.server.url);
    const found = await visitor.post("/api/hashtags/search?demo=true", { query: "dental", platform: "all" });
    expect(found.status, found.text).toBe(200);
    expect(found.data.basedOn.posts).toBeGreaterThan(0);
    expect(found.data.hashtags.map((h: { tag: string }) => h.tag)).toContain("#DentalTips");
    const save = await visitor.post("/api/hashtag-groups?demo=true", { name: "Demo", tags: "#a" });
    expect(save.status).toBe(403);
    expect(save.data.code).toBe("demo_read_only");
  });

  it("the page renders the research for a plan that has it", async () => {
    const { browser } = await starterOwner();
    const page = await browser.page("/app/hashtag-research");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Hashtag Research");
    expect(page.text).toContain('data-testid="hashtag-research"');
  });
});
