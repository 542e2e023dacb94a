import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pollFeeds } from "../../infra/feeds/poll";
import type { Browser } from "../support/browser";
import { allowOutbound } from "../support/outbound";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";
import { until } from "../support/wait";

/**
 * RSS auto-posting over HTTP, against feeds served by a local server (allowed through
 * OUTBOUND_ALLOW_HOSTS) that change between reads: adding checks the feed can be read, the first
 * read posts only the newest item, later reads post what is new once (a 304 reads nothing), a
 * daily feed posts one item a day, drafts stay drafts; Atom, JSON Feed and a redirect are read; a
 * feed on loopback that is not allowed is refused with its reason; plans and roles are checked.
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Handler>();
const requests: Array<{ path: string; ifNoneMatch: string | undefined }> = [];
const feeds = createServer((req, res) => {
  requests.push({ path: req.url ?? "", ifNoneMatch: req.headers["if-none-match"] });
  const handle = routes.get(req.url ?? "");
  if (handle) return handle(req, res);
  res.writeHead(404).end("not found");
});
let base = "";
/** A second server that is not allowed: the app must not reach it. */
const forbidden = createServer((_req, res) => res.end("<rss/>"));
let forbiddenBase = "";

const rss = (items: ReadonlyArray<{ guid: string; title: string; html?: string; date: string }>, ttl?: number) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Lee Dental blog</title><link>${base}/</link>${ttl ? `<ttl>${ttl}</ttl>` : ""}
  ${items
    .map(
      (i) =>
        `<item><guid>${i.guid}</guid><title>${i.title}</title><link>https://blog.example.com/${i.guid}</link><description><![CDATA[${i.html ?? "<p>Read more</p>"}]]></description><pubDate>${new Date(i.date).toUTCString()}</pubDate></item>`,
    )
    .join("")}</channel></rss>`;

/** A feed at `path` whose items a test changes; it answers 304 to the ETag of what it serves. */
const serveFeed = (path: string, contentType = "application/rss+xml") => {
  const feed = { body: "", etag: "" };
  routes.set(path, (req, res) => {
    if (req.headers["if-none-match"] === feed.etag) return res.writeHead(304).end();
    res.writeHead(200, { "content-type": contentType, etag: feed.etag }).end(feed.body);
  });
  return (body: string) => {
    feed.body = body;
    feed.etag = `"${Buffer.from(body).toString("base64url").slice(-16)}"`;
  };
};

beforeAll(async () => {
  await new Promise<void>((resolve) => feeds.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
  allowOutbound(base);
  await new Promise<void>((resolve) => forbidden.listen(0, "127.0.0.1", resolve));
  forbiddenBase = `http://127.0.0.1:${(forbidden.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => feeds.close(resolve));
  await new Promise((resolve) => forbidden.close(resolve));
});

const app = useAppServer({ env: () => ({ OUTBOUND_ALLOW_HOSTS: process.env.OUTBOUND_ALLOW_HOSTS! }) });
const { owner, joined, email, workspaceOf } = teamHelpers(app);


const lastRead = async (feedId: string) =>
  (await app.sql<{ polled_at: Date | null }[]>`select polled_at from rss_feed_polls where feed_id = ${feedId}`)[0]?.polled_at?.getTime() ?? 0;

/** The worker's first read of a new feed (it reads one at once when it is added). */
const firstRead = async (feedId: string) =>
  expect(
    await until(
      () => lastRead(feedId),
      (at) => at > 0,
      20_000,
    ),
  ).toBeGreaterThan(0);

/** Makes the feed due and has the worker read it now, as its next round would. */
const readAgain = async (feedId: string) => {
  const before = await lastRead(feedId);
  await app.sql`update rss_feed_polls set next_poll_at = now() where feed_id = ${feedId}`;
  await app.sql`select graphile_worker.add_job('poll_rss_feeds', '{}'::json, job_key := 'poll_rss_feeds-now')`;
  expect(
    await until(
      () => lastRead(feedId),
      (at) => at > before,
      20_000,
    ),
  ).toBeGreaterThan(before);
};

const sandbox = async (browser: Browser, platform = "facebook", accountName = "Lee Dental FB") => {
  const created = await browser.post("/api/social-accounts/sandbox", { platform, accountName });
  expect(created.status, created.text).toBe(201);
  return created.data.id as string;
};

/** The posts of the user's workspace, oldest first. */
const postsOf = async (user: Record<string, any>) =>
  app.sql<{ id: string; content: string; status: string; scheduled_at: Date | null }[]>`
    select id, content, status, scheduled_at from posts where workspace_id = ${await workspaceOf(user.id)} and deleted_at is null order by created_at, scheduled_at nulls first`;

describe("RSS feeds", () => {
  it("added once it can be read, its first read posts only the newest item; later reads post each new item once", async () => {
    const { browser, user } = await owner("growth");
    await sandbox(browser);
    const publish = serveFeed("/blog.xml");
    publish(
      rss([
        { guid: "gums", title: "Five tips for healthy gums", html: "<p>Brush <b>twice</b> a day &amp; floss.</p>", date: "2026-11-20T10:00:00Z" },
        { guid: "kids", title: "Your child's first visit", date: "2026-11-10T10:00:00Z" },
      ]),
    );

    const invalid = await browser.post("/api/rss-feeds", { name: " ", url: "not a url", platforms: [] });
    expect(invalid.status).toBe(400);
    expect(invalid.data.errors).toEqual({
      name: "Name is required",
      url: "Please enter a valid URL",
      platforms: "Choose at least one account or platform to post to.",
    });

    const missing = await browser.post("/api/rss-feeds", { name: "Blog", url: `${base}/nothing.xml`, platforms: ["facebook"] });
    expect(missing.status).toBe(400);
    expect(missing.data.detail).toBe("Failed to add RSS feed. Please check the URL and try again. The feed address answered HTTP 404 (not found).");
    expect(missing.data.errors.url).toBe("The feed address answered HTTP 404 (not found).");

    routes.set("/page.html", (_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<html><body>Hello</body></html>"));
    const page = await browser.post("/api/rss-feeds", { name: "Blog", url: `${base}/page.html`, platforms: ["facebook"] });
    expect(page.data.errors.url).toBe("This address answers, but not with an RSS, Atom, RDF or JSON feed.");

    const created = await browser.post("/api/rss-feeds", {
      name: "Practice blog",
      url: `${base}/blog.xml`,
      platforms: ["facebook"],
      postTemplate: "{title}: {description} {url}",
      postingSchedule: "immediate",
      isActive: true,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.data).toMatchObject({ name: "Practice blog", postingSchedule: "immediate", delivery: "schedule", isActive: true, itemsSeen: 0 });
    const feedId = created.data.id as string;
    const again = await browser.post("/api/rss-feeds", { name: "Same", url: `${base}/blog.xml`, platforms: ["facebook"] });
    expect(again.status).toBe(409);
    expect(again.data.detail).toBe("This feed is already added.");

    await firstRead(feedId);
    let posts = await postsOf(user);
    expect(posts.map((p) => p.content)).toEqual(["Five tips for healthy gums: Brush twice a day & floss. https://blog.example.com/gums"]);
    const history = await browser.get(`/api/rss-feeds/${feedId}`);
    expect(history.data).toMatchObject({ itemsSeen: 2, postsMade: 1, waiting: 0, lastError: null });
    expect(history.data.lastChecked).not.toBeNull();
    expect(history.data.items.map((i: { title: string; status: string; postId: string | null }) => [i.title, i.status, i.postId])).toEqual([
      ["Five tips for healthy gums", "posted", posts[0]!.id],
      ["Your child's first visit", "passed_over", null],
    ]);

    // Read again unchanged: a conditional GET answered 304, and nothing is posted.
    requests.length = 0;
    await readAgain(feedId);
    expect(requests).toEqual([{ path: "/blog.xml", ifNoneMatch: expect.stringMatching(/^"/) }]);
    expect(await postsOf(user)).toHaveLength(1);

    publish(
      rss([
        { guid: "whitening", title: "Is whitening safe?", date: "2026-11-22T10:00:00Z" },
        { guid: "implants", title: "Implants or bridges", date: "2026-11-21T10:00:00Z" },
        { guid: "gums", title: "Five tips for healthy gums", date: "2026-11-20T10:00:00Z" },
      ]),
    );
    await readAgain(feedId);
    posts = await postsOf(user);
    expect(posts).toHaveLength(3);
    expect(posts.slice(1).map((p) => p.content)).toEqual([
      "Is whitening safe?: Read more https://blog.example.com/whitening",
      "Implants or bridges: Read more https://blog.example.com/implants",
    ]);
    // Two at once go out a few minutes apart.
    expect(posts[2]!.status).toBe("scheduled");
    await readAgain(feedId);
    expect(await postsOf(user)).toHaveLength(3);
    expect((await browser.get(`/api/rss-feeds/${feedId}`)).data).toMatchObject({ itemsSeen: 4, postsMade: 3 });

    const paused = await browser.put(`/api/rss-feeds/${feedId}`, { isActive: false });
    expect(paused.data.isActive).toBe(false);
    expect(paused.data.nextCheck).toBeNull();
    expect((await browser.delete(`/api/rss-feeds/${feedId}`)).status).toBe(204);
    expect((await browser.get(`/api/rss-feeds/${feedId}`)).status).toBe(404);
    expect((await browser.get("/api/rss-feeds")).data).toEqual([]);
  });

  it("a daily feed posts one item a day at a best time; a drafts feed makes drafts; Atom, JSON Feed and a redirect are read", async () => {
    const { browser, user } = await owner("growth");
    await sandbox(browser);
    const publishAtom = serveFeed("/news.atom", "application/atom+xml");
    publishAtom(
      `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>News</title><id>urn:news</id><updated>2026-11-22T10:00:00Z</updated>
       <entry><title>Open on Saturdays</title><id>urn:sat</id><link href="https://news.example.com/sat"/><updated>2026-11-22T10:00:00Z</updated><summary>From December.</summary></entry>
      </feed>`,
    );
    routes.set("/moved", (_req, res) => res.writeHead(301, { location: "/news.atom" }).end());
    const daily = await browser.post("/api/rss-feeds", { name: "News", url: `${base}/moved`, platforms: ["facebook"], postingSchedule: "daily" });
    expect(daily.status, daily.text).toBe(201);

    const publishJson = serveFeed("/feed.json", "application/feed+json");
    publishJson(
      JSON.stringify({
        version: "https://jsonfeed.org/version/1.1",
        title: "Tips",
        items: [{ id: "floss", url: "https://tips.example.com/floss", title: "How to floss", content_text: "Gently.", date_published: "2026-11-22T09:00:00Z" }],
      }),
    );
    const drafts = await browser.post("/api/rss-feeds", { name: "Tips", url: `${base}/feed.json`, platforms: ["facebook"], delivery: "draft" });
    expect(drafts.status, drafts.text).toBe(201);

    const now = new Date();
    await firstRead(daily.data.id);
    await firstRead(drafts.data.id);
    let posts = await until(
      () => postsOf(user),
      (rows) => rows.length === 2,
    );
    const byContent = Object.fromEntries(posts.map((p) => [p.content, p]));
    expect(byContent["New post: Open on Saturdays\n\nhttps://news.example.com/sat"]).toMatchObject({ status: "scheduled" });
    expect(byContent["New post: Open on Saturdays\n\nhttps://news.example.com/sat"]!.scheduled_at!.getTime()).toBeGreaterThan(now.getTime());
    expect(byContent["New post: How to floss\n\nhttps://tips.example.com/floss"]).toMatchObject({ status: "draft" });

    publishAtom(
      `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>News</title><id>urn:news</id><updated>2026-11-23T10:00:00Z</updated>
       <entry><title>New hygienist</title><id>urn:hyg</id><link href="https://news.example.com/hyg"/><updated>2026-11-23T10:00:00Z</updated></entry>
       <entry><title>Holiday hours</title><id>urn:hol</id><link href="https://news.example.com/hol"/><updated>2026-11-23T09:00:00Z</updated></entry>
       <entry><title>Open on Saturdays</title><id>urn:sat</id><link href="https://news.example.com/sat"/><updated>2026-11-22T10:00:00Z</updated></entry>
      </feed>`,
    );
    // Within the day: the new items wait.
    await readAgain(daily.data.id);
    expect((await browser.get(`/api/rss-feeds/${daily.data.id}`)).data).toMatchObject({ itemsSeen: 3, postsMade: 1, waiting: 2 });
    expect(await postsOf(user)).toHaveLength(2);
    // A day on: the newest goes out, the other is passed over.
    await app.sql`update rss_items set posted_at = posted_at - interval '25 hours' where feed_id = ${daily.data.id}`;
    await readAgain(daily.data.id);
    posts = await postsOf(user);
    expect(posts.map((p) => p.content)).toContain("New post: New hygienist\n\nhttps://news.example.com/hyg");
    expect(posts.map((p) => p.content)).not.toContain("New post: Holiday hours\n\nhttps://news.example.com/hol");
    const history = await browser.get(`/api/rss-feeds/${daily.data.id}`);
    expect(history.data.items.find((i: { title: string }) => i.title === "Holiday hours").status).toBe("passed_over");
  });

  it("read by two rounds at the same moment, posts each new item once", async () => {
    const { browser, user } = await owner("growth");
    await sandbox(browser);
    const publish = serveFeed("/race.xml");
    publish(rss([{ guid: "one", title: "First", date: "2026-11-20T10:00:00Z" }]));
    const feed = await browser.post("/api/rss-feeds", { name: "Race", url: `${base}/race.xml`, platforms: ["facebook"] });
    await firstRead(feed.data.id);
    publish(
      rss([
        { guid: "three", title: "Third", date: "2026-11-22T10:00:00Z" },
        { guid: "two", title: "Second", date: "2026-11-21T10:00:00Z" },
        { guid: "one", title: "First", date: "2026-11-20T10:00:00Z" },
      ]),
    );
    await app.sql`update rss_feed_polls set next_poll_at = now() where feed_id = ${feed.data.id}`;
    const now = new Date(Date.now() + 1000);
    await Promise.all([app.run(pollFeeds(now)), app.run(pollFeeds(now)), app.run(pollFeeds(now))]);
    const contents = (
      await until(
        () => postsOf(user),
        (rows) => rows.length >= 3,
      )
    ).map((p) => p.content);
    expect(contents.sort()).toEqual([
      "New post: First\n\nhttps://blog.example.com/one",
      "New post: Second\n\nhttps://blog.example.com/two",
      "New post: Third\n\nhttps://blog.example.com/three",
    ]);
  });

  it("a feed a member added, where posts need approval, sends its items to the approvers", async () => {
    const { browser, user } = await owner("growth");
    await sandbox(browser);
    expect((await browser.put("/api/team-settings", { approvalRequired: true })).status).toBe(200);
    const { member } = await joined(browser, email("member"));
    const publish = serveFeed("/team.xml");
    publish(rss([{ guid: "hours", title: "Holiday hours", date: "2026-11-22T10:00:00Z" }]));
    const feed = await member.post("/api/rss-feeds", { name: "Team blog", url: `${base}/team.xml`, platforms: ["facebook"] });
    expect(feed.status, feed.text).toBe(201);
    await firstRead(feed.data.id);
    const posts = await until(
      () => postsOf(user),
      (rows) => rows.length === 1,
    );
    expect(posts.map((p) => [p.content, p.status])).toEqual([["New post: Holiday hours\n\nhttps://blog.example.com/hours", "awaiting_approval"]]);
  });

  it("refuses a feed on this machine or a private network that OUTBOUND_ALLOW_HOSTS does not name, and a feed that moves there", async () => {
    const { browser } = await owner("growth");
    await sandbox(browser);
    const refused = await browser.post("/api/rss-feeds", { name: "Local", url: `${forbiddenBase}/feed.xml`, platforms: ["facebook"] });
    expect(refused.status).toBe(400);
    expect(refused.data.errors.url).toBe("127.0.0.1 is on a private or reserved network, which this server does not reach. Use a public address.");
    routes.set("/escape", (_req, res) => res.writeHead(302, { location: `${forbiddenBase}/feed.xml` }).end());
    const escaped = await browser.post("/api/rss-feeds", { name: "Escape", url: `${base}/escape`, platforms: ["facebook"] });
    expect(escaped.status).toBe(400);
    expect(escaped.data.errors.url).toMatch(/private or reserved network/);
    const internal = await browser.post("/api/rss-feeds", { name: "Metadata", url: "http://169.254.169.254/latest/meta-data", platforms: ["facebook"] });
    expect(internal.data.errors.url).toBe("169.254.169.254 is on a private or reserved network, which this server does not reach. Use a public address.");
  });

  it("is for plans with RSS auto-posting, changed by people who may post; another workspace's feed is not found", async () => {
    const { browser: starter } = await owner("starter");
    const gated = await starter.post("/api/rss-feeds", { name: "Blog", url: `${base}/blog.xml`, platforms: ["facebook"] });
    expect(gated.status).toBe(403);
    expect((await starter.get("/api/rss-feeds")).status).toBe(403);

    const { browser: agency } = await owner("agency");
    await sandbox(agency);
    const feed = await agency.post("/api/rss-feeds", { name: "Blog", url: `${base}/blog.xml`, platforms: ["facebook"] });
    expect(feed.status, feed.text).toBe(201);
    const { member: viewer } = await joined(agency, email("viewer"), "viewer");
    expect((await viewer.get("/api/rss-feeds")).data).toHaveLength(1);
    expect((await viewer.put(`/api/rss-feeds/${feed.data.id}`, { isActive: false })).status).toBe(403);

    const { browser: other } = await owner("growth");
    expect((await other.get(`/api/rss-feeds/${feed.data.id}`)).status).toBe(404);
    expect((await other.delete(`/api/rss-feeds/${feed.data.id}`)).status).toBe(404);
    expect((await other.put(`/api/rss-feeds/${feed.data.id}`, { name: "Mine" })).status).toBe(404);
  });
  it("given a client of an agency with RSS auto-posting, its feed posts to the accounts it chose, read on the agency's plan; another workspace's account is refused", async () => {
    const { browser: agency } = await owner("agency");
    const client = (await agency.post("/api/clients", { name: "Lee Dental" })).data.id as string;
    expect((await agency.post("/api/workspaces/switch", { workspaceId: client })).status).toBe(200);
    const chosen = await sandbox(agency, "bluesky", "Lee Dental Sky");
    await sandbox(agency, "facebook", "Lee Dental FB");
    // The client's own row names a plan without RSS auto-posting: the agency's plan is the one that counts.
    await app.sql`update workspaces set subscription_tier = 'starter' where id = ${client}`;
    const { browser: other } = await owner("growth");
    const elsewhere = await sandbox(other);

    const publish = serveFeed("/client.xml");
    publish(rss([{ guid: "braces", title: "Braces at any age", date: "2026-11-20T10:00:00Z" }]));
    const refused = await agency.post("/api/rss-feeds", { name: "Blog", url: `${base}/client.xml`, platforms: [], accountIds: [chosen, elsewhere] });
    expect(refused.status).toBe(400);
    expect(refused.data.errors).toEqual({ accountIds: "Choose accounts that are connected and active." });
    const created = await agency.post("/api/rss-feeds", { name: "Blog", url: `${base}/client.xml`, platforms: [], accountIds: [chosen] });
    expect(created.status, created.text).toBe(201);

    await firstRead(created.data.id);
    const targets = await app.sql<{ content: string; account_id: string }[]>`
      select p.content, t.account_id from posts p join post_targets t on t.post_id = p.id where p.workspace_id = ${client} and p.deleted_at is null`;
    expect(targets).toEqual([{ content: expect.stringContaining("Braces at any age"), account_id: chosen }]);
  });
});
