import { describe, expect, it } from "vitest";
import { type Browser, signUp } from "../support/browser";
import { useAppServer } from "../support/server";

/** Posts over HTTP: the spec's payloads, validation, scheduling jobs, plan limits and isolation. */

const app = useAppServer();

const withAccounts = async (platforms: ReadonlyArray<string>, overrides: Record<string, unknown> = {}) => {
  const { browser, user } = await signUp(app.server.url, overrides);
  const accounts: Record<string, string> = {};
  for (const platform of platforms) {
    const created = await browser.post("/api/social-accounts/sandbox", { platform, accountName: `Sandbox ${platform}` });
    expect(created.status, created.text).toBe(201);
    accounts[platform] = created.data.id;
  }
  return { browser, user, accounts };
};

const jobOf = async (postId: string) => {
  const [job] = await app.sql`select run_at, key, payload from graphile_worker._private_jobs where key = ${`post:${postId}`}`;
  // The task reads payload.postId: the payload must be a JSON object, not a JSON string of one.
  if (job) expect(job.payload).toEqual({ postId });
  return job ?? null;
};

const inAnHour = () => new Date(Date.now() + 3_600_000);

describe("creating posts", () => {
  it("the dashboard dialog's draft targets the workspace's accounts of its platforms", async () => {
    const { browser, accounts } = await withAccounts(["facebook", "twitter"]);
    const created = await browser.post("/api/posts", { content: "Hello from the dashboard", platforms: ["facebook", "twitter"], media: [], status: "draft" });
    expect(created.status, created.text).toBe(201);
    expect(created.data).toMatchObject({ status: "draft", platforms: ["facebook", "twitter"], scheduledAt: null });
    expect(created.data.targets.map((t: any) => t.accountId).sort()).toEqual([accounts.facebook, accounts.twitter].sort());
    expect(await jobOf(created.data.id)).toBeNull();
  });

  it("a scheduled post gets its job at the time, in the same transaction; a reschedule replaces it; a delete removes it", async () => {
    const { browser } = await withAccounts(["bluesky"]);
    const at = inAnHour();
    const created = await browser.post("/api/posts", { content: "Scheduled", platforms: ["bluesky"], status: "scheduled", scheduledAt: at.toISOString() });
    expect(created.status, created.text).toBe(201);
    expect(created.data.scheduledAt).toBe(at.toISOString());
    expect((await jobOf(created.data.id))?.run_at.toISOString()).toBe(at.toISOString());

    const later = new Date(at.getTime() + 86_400_000);
    const moved = await browser.put(`/api/posts/${created.data.id}`, { content: "Scheduled", platforms: ["bluesky"], status: "scheduled", scheduledAt: later.toISOString() });
    expect(moved.status, moved.text).toBe(200);
    const jobs = await app.sql`select run_at from graphile_worker.jobs where key = ${`post:${created.data.id}`}`;
    expect(jobs.map((j) => j.run_at.toISOString())).toEqual([later.toISOString()]);

    const removed = await browser.delete(`/api/posts/${created.data.id}`);
    expect(removed.status).toBe(200);
    expect(await jobOf(created.data.id)).toBeNull();
    expect((await browser.get(`/api/posts/${created.data.id}`)).status).toBe(404);
  });

  it("a time without an offset is read in the user's time zone (the spec's date + T + time)", async () => {
    const { browser } = await withAccounts(["linkedin"]);
    const year = new Date().getUTCFullYear() + 1;
    const created = await browser.post("/api/posts", { content: "New York morning", platforms: ["linkedin"], status: "scheduled", scheduledAt: `${year}-07-01T09:00:00` });
    expect(created.status, created.text).toBe(201);
    expect(created.data.scheduledAt).toBe(`${year}-07-01T13:00:00.000Z`);
    const paris = await browser.post("/api/posts", { content: "Paris morning", platforms: ["linkedin"], status: "scheduled", scheduledAt: `${year}-07-01T09:00`, timeZone: "Europe/Paris" });
    expect(paris.data.scheduledAt).toBe(`${year}-07-01T07:00:00.000Z`);
  });

  it("validation: a platform, the platforms' limits, a time not in the past, connected accounts", async () => {
    const { browser } = await withAccounts(["twitter"]);
    const none = await browser.post("/api/posts", { content: "x", platforms: [] });
    expect(none.status).toBe(400);
    expect(none.data.error.message).toBe("Select at least one platform");
    const tooLong = await browser.post("/api/posts", { content: "a".repeat(281), platforms: ["twitter"], status: "draft" });
    expect(tooLong.status).toBe(400);
    expect(tooLong.data.error.message).toMatch(/X \(Twitter\).*280/);
    const past = await browser.post("/api/posts", { content: "late", platforms: ["twitter"], status: "scheduled", scheduledAt: "2020-01-01T10:00:00Z" });
    expect(past.status).toBe(400);
    const noAccount = await browser.post("/api/posts", { content: "hi", platforms: ["reddit"], status: "scheduled", scheduledAt: inAnHour().toISOString() });
    expect(noAccount.status).toBe(400);
    expect(noAccount.data.error.message).toMatch(/Reddit/);
    const noTime = await browser.post("/api/posts", { content: "when?", platforms: ["twitter"], status: "scheduled" });
    expect(noTime.data.error.message).toBe("Choose a date and time to schedule the post.");
    expect((await browser.post("/api/posts", { body: "{not json" } as never)).status).toBe(400);
  });

  it("a trial allows 10 posts a month, then the plan's message", async () => {
    const { browser } = await withAccounts(["facebook"]);
    for (let i = 0; i < 10; i++) expect((await browser.post("/api/posts", { content: `Post ${i}`, platforms: ["facebook"] })).status).toBe(201);
    const eleventh = await browser.post("/api/posts", { content: "One more", platforms: ["facebook"] });
    expect(eleventh.status).toBe(403);
    expect(eleventh.data.error.message).toBe("You've reached your monthly limit of 10 posts. Upgrade for unlimited posting.");
  });
});

describe("listing and isolation", () => {
  it("filters by status and search, pages with a cursor, and keeps other workspaces out", async () => {
    const { browser, accounts } = await withAccounts(["facebook"], { selectedPlan: "growth" });
    for (const content of ["alpha", "beta", "gamma"]) await browser.post("/api/posts", { content, platforms: ["facebook"] });
    await browser.post("/api/posts", { content: "delta scheduled", platforms: ["facebook"], status: "scheduled", scheduledAt: inAnHour().toISOString() });
    expect((await browser.get("/api/posts?status=scheduled")).data.map((p: any) => p.content)).toEqual(["delta scheduled"]);
    expect((await browser.get("/api/posts?q=amm")).data.map((p: any) => p.content)).toEqual(["gamma"]);
    expect((await browser.get(`/api/posts?accountId=${accounts.facebook}`)).data).toHaveLength(4);
    const first = await browser.get("/api/posts?limit=3");
    expect(first.data).toHaveLength(3);
    const next = await browser.get(`/api/posts?limit=3&cursor=${first.headers.get("x-next-cursor")}`);
    expect(next.data.map((p: any) => p.content)).toEqual(["alpha"]);
    expect((await browser.get("/api/posts?limit=5000")).status).toBe(400);

    const stranger: Browser = (await signUp(app.server.url)).browser;
    const id = first.data[0].id;
    expect((await stranger.get(`/api/posts/${id}`)).status).toBe(404);
    expect((await stranger.put(`/api/posts/${id}`, { content: "mine now", platforms: ["facebook"] })).status).toBe(404);
    expect((await stranger.delete(`/api/posts/${id}`)).status).toBe(404);
    expect((await stranger.post(`/api/posts/${id}/publish`)).status).toBe(404);
    expect((await stranger.get("/api/posts")).data).toEqual([]);

    const stats = await browser.get("/api/dashboard/stats");
    expect(stats.data).toMatchObject({ postsThisMonth: 4, scheduledPosts: 1, connectedAccounts: 1, totalEngagement: 0 });
    expect((await stranger.get("/api/dashboard/stats")).data).toMatchObject({ postsThisMonth: 0, connectedAccounts: 0 });

    const detail = await browser.get(`/api/posts/${id}`);
    expect(detail.data.history.map((h: any) => h.type)).toEqual(["PostDrafted", "PostScheduled"]);
  });
});
