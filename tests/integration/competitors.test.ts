import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEATURE_UNAVAILABLE_MESSAGE } from "../../domain/plans";
import { snapshotCompetitors } from "../../infra/competitors/module";
import { type SendJson, useAppView } from "../support/bluesky";
import { type LocalServer, startLocalServer } from "../support/local-servers";
import { allowOutbound } from "../support/outbound";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";

/**
 * Competitor tracking: a competitor is added by its Bluesky handle (resolved with
 * app.bsky.actor.getProfile of the AppView, here a local one checking each request), snapshotted
 * at once and then daily by the snapshot_competitors task (followers and posts from getProfile,
 * the newest posts' likes, reposts and replies from app.bsky.feed.getAuthorFeed); Mastodon from
 * the instance's public API (a local one, reached through the outbound client); Growth and up.
 */

const DID = "did:plc:rivaldental000000000000";
const DAY = 86_400_000;
const requests: URL[] = [];
let followers = 1200;
let feedAt = Date.now();

const post = (n: number, ageDays: number, likes: number) => ({
  post: {
    uri: `at://${DID}/app.bsky.feed.post/3k${n}`,
    cid: `bafy${n}`,
    author: { did: DID, handle: "rival-dental.bsky.social" },
    record: { $type: "app.bsky.feed.post", text: `Rival post ${n}`, createdAt: new Date(feedAt - ageDays * DAY).toISOString() },
    likeCount: likes,
    repostCount: 2,
    replyCount: 1,
    indexedAt: new Date(feedAt - ageDays * DAY).toISOString(),
  },
});

const appView = useAppView((url: URL, send: SendJson) => {
  requests.push(url);
  const actor = url.searchParams.get("actor");
  if (url.pathname === "/xrpc/app.bsky.actor.getProfile") {
    if (actor === "rival-dental.bsky.social" || actor === DID)
      return send(200, { did: DID, handle: "rival-dental.bsky.social", displayName: "Rival Dental", followersCount: followers, followsCount: 10, postsCount: 340 });
    return send(400, { error: "InvalidRequest", message: "Profile not found" });
  }
  if (url.pathname === "/xrpc/app.bsky.feed.getAuthorFeed") {
    if (actor !== DID || url.searchParams.get("filter") !== "posts_no_replies" || !(Number(url.searchParams.get("limit")) <= 100))
      return send(400, { error: "InvalidRequest", message: "actor, filter and limit" });
    // Two posts this week, one three weeks ago, a repost of someone else (not counted), one from four months ago (outside 90 days).
    return send(200, {
      feed: [post(1, 1, 10), post(2, 3, 30), { ...post(9, 2, 500), reason: { $type: "app.bsky.feed.defs#reasonRepost" } }, post(3, 20, 4), post(4, 120, 900)],
    });
  }
  send(404, { error: "MethodNotImplemented" });
});
/** A Mastodon instance's public API: one account, @rival, with two statuses and a boost (not counted). */
const mastodonRequests: string[] = [];
let instance: LocalServer;
beforeAll(async () => {
  instance = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://instance");
    mastodonRequests.push(`${url.pathname}${url.search}`);
    const json = (status: number, body: unknown) => void res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.headers.authorization) return json(400, { error: "no token expected" });
    const account = { id: "1091", username: "rival", acct: "rival", display_name: "Rival Dental", avatar: null, url: `${instance.url}/@rival`, followers_count: 320, statuses_count: 51 };
    if (url.pathname === "/api/v1/accounts/lookup") return url.searchParams.get("acct") === "rival" ? json(200, account) : json(404, { error: "Record not found" });
    if (url.pathname === "/api/v1/accounts/1091") return json(200, account);
    if (url.pathname === "/api/v1/accounts/1091/statuses" && url.searchParams.get("exclude_reblogs") === "true" && url.searchParams.get("exclude_replies") === "true") {
      const status = (id: string, ageDays: number, favourites: number) => ({
        id,
        uri: `${instance.url}/users/rival/statuses/${id}`,
        url: `${instance.url}/@rival/${id}`,
        content: `<p>Status <a href="#">${id}</a></p>`,
        created_at: new Date(Date.now() - ageDays * DAY).toISOString(),
        favourites_count: favourites,
        reblogs_count: 1,
        replies_count: 0,
        in_reply_to_id: null,
        reblog: null,
      });
      return json(200, [status("11", 1, 9), status("12", 2, 3), { ...status("13", 1, 99), reblog: { id: "x" } }]);
    }
    json(404, { error: "Record not found" });
  });
  allowOutbound(instance.url);
});
afterAll(() => instance?.close());

/** YouTube's Data API with the server's key: one channel, @rivaldental, with two uploads. */
const youtubeRequests: URL[] = [];
let youtubeApi: LocalServer;
beforeAll(async () => {
  youtubeApi = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://youtube");
    youtubeRequests.push(url);
    const json = (body: unknown, status = 200) => void res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (url.searchParams.get("key") !== "yt-test-key") return json({ error: { code: 400, message: "API key not valid." } }, 400);
    const channel = { id: "UCrivaldental0000000000a", snippet: { title: "Rival Dental", customUrl: "@rivaldental" }, statistics: { subscriberCount: "2300", videoCount: "41" }, contentDetails: { relatedPlaylists: { uploads: "UUrivaldental0000000000a" } } };
    if (url.pathname === "/channels") return json({ items: url.searchParams.get("forHandle") === "@rivaldental" || url.searchParams.get("id") === channel.id ? [channel] : [] });
    if (url.pathname === "/playlistItems" && url.searchParams.get("playlistId") === "UUrivaldental0000000000a")
      return json({ items: [{ contentDetails: { videoId: "v1" } }, { contentDetails: { videoId: "v2" } }] });
    if (url.pathname === "/videos" && url.searchParams.get("id") === "v1,v2")
      return json({
        items: [
          { id: "v1", snippet: { title: "A tour of our clinic", publishedAt: new Date(Date.now() - 2 * DAY).toISOString() }, statistics: { likeCount: "30", commentCount: "6" } },
          { id: "v2", snippet: { title: "Flossing in 60 seconds", publishedAt: new Date(Date.now() - 9 * DAY).toISOString() }, statistics: { likeCount: "10", commentCount: "2" } },
        ],
      });
    json({ error: { code: 404, message: "Not found" } }, 404);
  });
});
afterAll(() => youtubeApi?.close());

const app = useAppServer({ env: () => ({ BLUESKY_APPVIEW_URL: appView.url, YOUTUBE_API_KEY: "yt-test-key", YOUTUBE_API_BASE_URL: youtubeApi.url }), withoutCron: ["snapshot_competitors"] });
const { owner } = teamHelpers(app);

describe("competitor tracking", () => {
  it("given a Growth workspace, a Bluesky handle is tracked with a first snapshot, a daily one from the task, a 30-day history, and removed", async () => {
    const { browser } = await owner("growth");
    expect((await browser.get("/api/competitors")).data).toEqual([]);

    const unknown = await browser.post("/api/competitors", { platform: "bluesky", handle: "nobody-here.bsky.social" });
    expect(unknown.status).toBe(400);
    expect(unknown.data.errors.handle).toBe("Bluesky knows no account called nobody-here.bsky.social. Check the spelling of the handle.");
    const other = await browser.post("/api/competitors", { platform: "instagram", handle: "rival" });
    expect(other.status).toBe(400);
    expect(other.data.detail).toMatch(/works for Bluesky, Mastodon and YouTube: their public APIs give any account's followers and posts without signing in/);

    requests.splice(0);
    const added = await browser.post("/api/competitors", { platform: "bluesky", handle: "@Rival-Dental.bsky.social" });
    expect(added.status).toBe(201);
    expect(added.data).toMatchObject({ platform: "bluesky", handle: "rival-dental.bsky.social", name: "Rival Dental", followers: 1200 });
    expect(requests.map((u) => [u.pathname, u.searchParams.get("actor")])).toEqual([
      ["/xrpc/app.bsky.actor.getProfile", "rival-dental.bsky.social"],
      ["/xrpc/app.bsky.actor.getProfile", DID],
      ["/xrpc/app.bsky.feed.getAuthorFeed", DID],
    ]);
    expect((await browser.post("/api/competitors", { platform: "bluesky", handle: "rival-dental.bsky.social" })).status).toBe(409);

    // The next day the task takes one snapshot per competitor (a second run that day asks nothing).
    followers = 1250;
    feedAt = Date.now() + DAY;
    requests.splice(0);
    expect(await app.run(snapshotCompetitors(new Date(feedAt)))).toEqual({ taken: 1, failed: 0 });
    expect(await app.run(snapshotCompetitors(new Date(feedAt + 60_000)))).toEqual({ taken: 0, failed: 0 });
    expect(requests.map((u) => u.searchParams.get("actor"))).toEqual([DID, DID]);
    const rows = await app.sql`select followers, posts, posts_last_week from competitor_snapshots where competitor_id = ${added.data.id} order by day`;
    expect(rows).toEqual([
      { followers: 1200, posts: 340, posts_last_week: 2 },
      { followers: 1250, posts: 340, posts_last_week: 2 },
    ]);

    const history = await browser.get(`/api/competitors/${added.data.id}/history?days=30`);
    expect(history.status).toBe(200);
    expect(history.data.snapshots.map((s: { followers: number }) => s.followers)).toEqual([1200, 1250]);
    expect(history.data.summary).toMatchObject({ followers: 1250, postsPerWeek: 2, engagementPerPost: 17.7 }); // (13 + 33 + 7) / 3 posts of the last 30 days
    expect(history.data.summary.followersChange).toBe(50);
    expect(history.data.summary.topPosts.map((p: { text: string }) => p.text)).toEqual(["Rival post 2", "Rival post 1", "Rival post 3"]);
    expect((await browser.get(`/api/competitors/${added.data.id}/history?days=7`)).data.detail).toBe("Choose 30 or 90 days.");

    expect((await browser.delete(`/api/competitors/${added.data.id}`)).status).toBe(204);
    expect((await browser.get("/api/competitors")).data).toEqual([]);
    expect(await app.sql`select 1 from competitor_snapshots where competitor_id = ${added.data.id}`).toHaveLength(0);
    expect((await browser.get(`/api/competitors/${added.data.id}/history`)).status).toBe(404);
  });

  it("given a Growth workspace, a Mastodon account is tracked from its instance's public API, without a token", async () => {
    const { browser } = await owner("growth");
    const host = new URL(instance.url).host;
    const unknown = await browser.post("/api/competitors", { platform: "mastodon", handle: `@nobody@${host}` });
    expect(unknown.status).toBe(400);
    expect(unknown.data.errors.handle).toBe(`${host} knows no account called nobody@${host}. Check the spelling of the handle.`);
    expect((await browser.post("/api/competitors", { platform: "mastodon", handle: "rival" })).data.errors.handle).toBe(
      "Enter the competitor's Mastodon address, like @name@mastodon.social.",
    );

    mastodonRequests.splice(0);
    const added = await browser.post("/api/competitors", { platform: "mastodon", handle: `@rival@${host}` });
    expect(added.status, added.text).toBe(201);
    expect(added.data).toMatchObject({ platform: "mastodon", handle: `rival@${host}`, name: "Rival Dental", url: `${instance.url}/@rival`, followers: 320 });
    expect(mastodonRequests).toEqual([
      "/api/v1/accounts/lookup?acct=rival",
      "/api/v1/accounts/1091",
      "/api/v1/accounts/1091/statuses?exclude_replies=true&exclude_reblogs=true&limit=40",
    ]);
    const history = await browser.get(`/api/competitors/${added.data.id}/history?days=90`);
    expect(history.data.summary).toMatchObject({ followers: 320, postsPerWeek: 2, engagementPerPost: 7 }); // (10 + 4) / 2
    expect(history.data.summary.topPosts.map((p: { text: string }) => p.text)).toEqual(["Status 11", "Status 12"]);
  });

  it("given a Growth workspace and the server's YouTube key, a channel is tracked by its handle", async () => {
    const { browser } = await owner("growth");
    const unknown = await browser.post("/api/competitors", { platform: "youtube", handle: "@nobody-here" });
    expect(unknown.data.errors.handle).toBe("YouTube knows no account called @nobody-here. Check the spelling of the handle.");
    youtubeRequests.splice(0);
    const added = await browser.post("/api/competitors", { platform: "youtube", handle: "youtube.com/@rivaldental" });
    expect(added.status, added.text).toBe(201);
    expect(added.data).toMatchObject({ platform: "youtube", handle: "@rivaldental", name: "Rival Dental", url: "https://www.youtube.com/@rivaldental", followers: 2300 });
    expect(youtubeRequests.map((u) => `${u.pathname} ${u.searchParams.get("part")} ${u.searchParams.get("forHandle") ?? u.searchParams.get("id") ?? u.searchParams.get("playlistId")}`)).toEqual([
      "/channels snippet @rivaldental",
      "/channels statistics,contentDetails UCrivaldental0000000000a",
      "/playlistItems contentDetails UUrivaldental0000000000a",
      "/videos snippet,statistics v1,v2",
    ]);
    const history = await browser.get(`/api/competitors/${added.data.id}/history`);
    expect(history.data.summary).toMatchObject({ followers: 2300, postsPerWeek: 1, engagementPerPost: 24 }); // (36 + 12) / 2
    expect(history.data.summary.topPosts.map((p: { url: string }) => p.url)).toEqual(["https://www.youtube.com/watch?v=v1", "https://www.youtube.com/watch?v=v2"]);
  });

  it("given a Professional workspace, tracking a competitor is refused with the plan's sentence", async () => {
    const { browser } = await owner("professional");
    const refused = await browser.post("/api/competitors", { platform: "bluesky", handle: "rival-dental.bsky.social" });
    expect(refused.status).toBe(403);
    expect(refused.data.detail).toBe(FEATURE_UNAVAILABLE_MESSAGE);
    expect((await browser.get("/api/competitors")).status).toBe(403);
  });
});
