import { randomBytes } from "node:crypto";
import type { AtpAgent } from "@atproto/api";
import { describe, expect, it } from "vitest";
import { pollListening } from "../../infra/listening/search";
import { type SendJson, useBluesky } from "../support/bluesky";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";
import { until } from "../support/wait";

/**
 * Social listening: monitors kept as events; the poll_listening job searches public posts through
 * the AppView's app.bsky.feed.searchPosts (here a local server that checks each query and answers
 * posts really on a dev-env PDS), keeps each once, backs off on 429; a found post goes to the inbox
 * once, and a reply to it is written on the PDS under it.
 */

process.env.TOKEN_ENCRYPTION_KEY ??= randomBytes(32).toString("hex");

const searches: URL[] = [];
let indexed: Array<Record<string, unknown> & { text: string }> = [];
let refuseNext: number | null = null;
const searchPosts = (url: URL, send: SendJson) => {
  if (url.pathname !== "/xrpc/app.bsky.feed.searchPosts") return send(404, { error: "MethodNotImplemented" });
  searches.push(url);
  if (refuseNext !== null) {
    const seconds = refuseNext;
    refuseNext = null;
    return send(429, { error: "RateLimitExceeded", message: "Rate Limit Exceeded" }, { "retry-after": String(seconds) });
  }
  const q = url.searchParams.get("q") ?? "";
  const limit = Number(url.searchParams.get("limit") ?? 25);
  if (!q || !(limit >= 1 && limit <= 100) || url.searchParams.get("sort") !== "latest")
    return send(400, { error: "InvalidRequest", message: "q, sort and limit" });
  const since = url.searchParams.get("since");
  const words = q.replace(/"/g, "").toLowerCase();
  const posts = indexed.filter((p) => p.text.toLowerCase().includes(words) && (!since || String(p.indexedAt) >= since)).map(({ text: _, ...view }) => view);
  send(200, { posts, hitsTotal: posts.length });
};

const bluesky = useBluesky({ appView: searchPosts });
// The test runs the searches itself at chosen times: the every-minute poll_listening would search
// between its steps (a monitor whose poll row was just cleared is due) and take the posts first.
const app = useAppServer({ env: () => ({ BLUESKY_APPVIEW_URL: bluesky.appViewUrl }), withoutCron: ["poll_listening"] });
const { owner } = teamHelpers(app);

/** A post on the PDS, as the AppView would list it once it indexed it. */
const publicPost = async (author: AtpAgent, text: string, indexedAt: Date) => {
  const post = await author.post({ text, createdAt: indexedAt.toISOString() });
  const view = {
    uri: post.uri,
    cid: post.cid,
    author: { did: author.session!.did, handle: author.session!.handle, displayName: "Jane Smith" },
    record: { $type: "app.bsky.feed.post", text, createdAt: indexedAt.toISOString() },
    likeCount: 3,
    repostCount: 1,
    replyCount: 0,
    indexedAt: indexedAt.toISOString(),
    text,
  };
  indexed = [view, ...indexed];
  return post;
};

/** The server's worker searches a new monitor at once; the test then drives the searches itself, at chosen times. */
const searchedAtOnce = async (monitorId: string) => {
  const rows = await until(
    () => app.sql`select 1 from listening_polls where monitor_id = ${monitorId}`,
    (r) => r.length > 0,
  );
  expect(rows).toHaveLength(1);
  await app.sql`delete from listening_polls where monitor_id = ${monitorId}`;
  searches.splice(0);
};

describe("social listening", () => {
  it("given a monitor, matching public posts are found once each, newer ones on the next search, and a rate limit waits", async () => {
    const { browser } = await owner("growth");
    const bad = await browser.post("/api/listening/monitors", { name: " ", terms: [] });
    expect(bad.status).toBe(400);
    expect(bad.data.errors).toEqual({
      name: "Give the monitor a name of 1 to 60 characters.",
      terms: "Add 1 to 10 keywords or #hashtags of at most 60 characters each.",
    });
    const created = await browser.post("/api/listening/monitors", { name: "Dentists", terms: "#dentist, lee dental, #Dentist" });
    expect(created.status, created.text).toBe(201);
    expect(created.data).toMatchObject({ name: "Dentists", terms: ["#dentist", "lee dental"], isActive: true, recentPosts: 0 });
    const monitorId = created.data.id as string;
    await searchedAtOnce(monitorId);

    const t0 = Date.now();
    const match = await publicPost(bluesky.jane, "Looking for a great #dentist in Lyon, any tips?", new Date(t0 - 60_000));
    await publicPost(bluesky.jane, "Lovely weather today", new Date(t0 - 50_000));
    expect(await app.run(pollListening(new Date(t0)))).toMatchObject({ found: 1 });
    const asked = searches.splice(0);
    expect(asked.map((u) => u.searchParams.get("q")).sort()).toEqual(['"lee dental"', "#dentist"]);
    expect(asked.every((u) => u.searchParams.get("sort") === "latest" && u.searchParams.get("limit") === "100" && !u.searchParams.has("since"))).toBe(true);

    const posts = (await browser.get(`/api/listening/monitors/${monitorId}/posts`)).data.items as Array<Record<string, any>>;
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      uri: match.uri,
      text: "Looking for a great #dentist in Lyon, any tips?",
      author: { handle: "jane.test", name: "Jane Smith" },
      likes: 3,
    });
    expect(posts[0]!.url).toBe(`https://bsky.app/profile/jane.test/post/${match.uri.split("/").pop()}`);
    const volume = (await browser.get(`/api/listening/monitors/${monitorId}/volume?days=7`)).data as Array<Record<string, number>>;
    expect(volume).toHaveLength(7);
    expect(volume.reduce((n, d) => n + d.positive! + d.neutral! + d.negative!, 0)).toBe(1);
    expect((await browser.get(`/api/listening/monitors/${monitorId}/volume?days=400`)).data.detail).toBe("Choose 1 to 90 days.");

    // Five minutes on: only newer posts, asked for with `since`; nothing twice.
    await publicPost(bluesky.jane, "Lee Dental fixed my tooth in 20 minutes, amazing", new Date(t0 + 60_000));
    expect(await app.run(pollListening(new Date(t0 + 5 * 60_000)))).toMatchObject({ found: 1 });
    expect(searches.splice(0).every((u) => u.searchParams.get("since") === new Date(t0 - 60_000).toISOString())).toBe(true);
    expect((await browser.get(`/api/listening/monitors/${monitorId}/posts`)).data.items).toHaveLength(2);

    // A rate limit: the search waits what the AppView asks, and the monitor says why.
    refuseNext = 900;
    await app.run(pollListening(new Date(t0 + 10 * 60_000)));
    const [limited] = (await browser.get("/api/listening/monitors")).data as Array<Record<string, any>>;
    expect(limited!.lastError).toBe("The Bluesky AppView is limiting searches; searching again in 15 min.");
    searches.splice(0);
    await app.run(pollListening(new Date(t0 + 20 * 60_000)));
    expect(searches).toHaveLength(0);

    // Paused: not searched; another workspace sees nothing of it.
    expect((await browser.put(`/api/listening/monitors/${monitorId}`, { isActive: false })).data.isActive).toBe(false);
    await app.run(pollListening(new Date(t0 + 60 * 60_000)));
    expect(searches).toHaveLength(0);
    const stranger = await owner("growth");
    expect((await stranger.browser.get(`/api/listening/monitors/${monitorId}/posts`)).status).toBe(404);
    expect((await stranger.browser.put(`/api/listening/monitors/${monitorId}`, { name: "Mine" })).status).toBe(404);
    expect((await (await owner("professional")).browser.get("/api/listening/monitors")).status).toBe(403);
  }, 60_000);

  it("a found post goes to the inbox once, and a reply to it is written on the PDS under it, once", async () => {
    const { browser } = await owner("growth");
    const connected = await bluesky.connectLee(browser);
    expect(connected.status, connected.text).toBe(201);
    const monitor = (await browser.post("/api/listening/monitors", { name: "Braces", terms: ["braces"] })).data as { id: string };
    await searchedAtOnce(monitor.id);
    const found = await publicPost(bluesky.jane, "Do braces hurt? Asking for my son", new Date(Date.now() - 30_000));
    await app.run(pollListening(new Date()));
    const [post] = (await browser.get(`/api/listening/monitors/${monitor.id}/posts`)).data.items as Array<{ id: string }>;

    const added = await browser.post(`/api/listening/posts/${post!.id}/inbox`, { accountId: connected.data.id });
    expect(added.status, added.text).toBe(200);
    expect(added.data.message).toMatchObject({
      type: "mention",
      platform: "bluesky",
      content: "Do braces hurt? Asking for my son",
      fromUser: { username: "jane.test" },
    });
    await browser.post(`/api/listening/posts/${post!.id}/inbox`, { accountId: connected.data.id });
    expect(((await browser.get("/api/social-inbox?type=mention")).data.items as unknown[]).length).toBe(1);
    expect((await browser.post(`/api/listening/posts/${post!.id}/inbox`, { accountId: "not-an-id" })).data.errors).toEqual({
      accountId: "Choose one of your Bluesky accounts.",
    });

    const replied = await browser.post(`/api/listening/posts/${post!.id}/reply`, { accountId: connected.data.id, content: "Only a little, for a few days!" });
    expect(replied.status, replied.text).toBe(202);
    const thread = await until(
      async () => (await browser.get(`/api/social-inbox/${added.data.message.id}`)).data,
      (t) => t.replies[0]?.status === "sent",
    );
    expect(thread.replies[0]).toMatchObject({ status: "sent", content: "Only a little, for a few days!" });
    const { data } = await bluesky.lee.com.atproto.repo.listRecords({ repo: bluesky.lee.session!.did, collection: "app.bsky.feed.post", limit: 50 });
    const answers = data.records.filter((r) => (r.value as { text: string }).text === "Only a little, for a few days!");
    expect(answers).toHaveLength(1);
    expect((answers[0]!.value as { reply: unknown }).reply).toEqual({ root: { uri: found.uri, cid: found.cid }, parent: { uri: found.uri, cid: found.cid } });

    expect((await browser.delete(`/api/listening/monitors/${monitor.id}`)).status).toBe(204);
    expect((await browser.get(`/api/listening/monitors/${monitor.id}/posts`)).status).toBe(404);
  }, 60_000);
});
