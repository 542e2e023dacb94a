import { describe, expect, it } from "vitest";
import { FEATURE_UNAVAILABLE_MESSAGE } from "../../domain/plans";
import { snapshotCompetitors } from "../../infra/competitors/module";
import { type SendJson, useAppView } from "../support/bluesky";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";

/**
 * Competitor tracking: a competitor is added by its Bluesky handle (resolved with
 * app.bsky.actor.getProfile of the AppView, here a local one checking each request), snapshotted
 * at once and then daily by the snapshot_competitors task (followers and posts from getProfile,
 * the newest posts' likes, reposts and replies from app.bsky.feed.getAuthorFeed); Growth and up.
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
const app = useAppServer({ env: () => ({ BLUESKY_APPVIEW_URL: appView.url }), withoutCron: ["snapshot_competitors"] });
const { owner } = teamHelpers(app);

describe("competitor tracking", () => {
  it("given a Growth workspace, a Bluesky handle is tracked with a first snapshot, a daily one from the task, a 30-day history, and removed", async () => {
    const { browser } = await owner("growth");
    expect((await browser.get("/api/competitors")).data).toEqual([]);

    const unknown = await browser.post("/api/competitors", { platform: "bluesky", handle: "nobody-here.bsky.social" });
    expect(unknown.status).toBe(400);
    expect(unknown.data.errors.handle).toBe("Bluesky knows no account called nobody-here.bsky.social. Check the spelling of the handle (like example.bsky.social).");
    const other = await browser.post("/api/competitors", { platform: "instagram", handle: "rival" });
    expect(other.status).toBe(400);
    expect(other.data.detail).toMatch(/works for Bluesky for now: its public AppView gives any account's followers and posts/);

    requests.splice(0);
    const added = await browser.post("/api/competitors", { platform: "bluesky", handle: "@Rival-Dental.bsky.social" });
    expect(added.status).toBe(201);
    expect(added.data).toMatchObject({ platform: "bluesky", handle: "rival-dental.bsky.social", name: "Rival Dental", followers: 1200 });
    expect(requests.map((u) => [u.pathname, u.searchParams.get("actor")])).toEqual([
      ["/xrpc/app.bsky.actor.getProfile", "rival-dental.bsky.social"],
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

  it("given a Professional workspace, tracking a competitor is refused with the plan's sentence", async () => {
    const { browser } = await owner("professional");
    const refused = await browser.post("/api/competitors", { platform: "bluesky", handle: "rival-dental.bsky.social" });
    expect(refused.status).toBe(403);
    expect(refused.data.detail).toBe(FEATURE_UNAVAILABLE_MESSAGE);
    expect((await browser.get("/api/competitors")).status).toBe(403);
  });
});
