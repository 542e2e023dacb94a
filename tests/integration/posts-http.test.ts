import { describe, expect, it } from "vitest";
import { type Browser, signUp } from "../support/browser";
import { useAppServer } from "../support/server";
import { PUBLISH_LEAD_MS } from "../../infra/publishing/reactions";
import { samplePng } from "../support/openai";
import { until } from "../support/wait";

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

/** The post's publication job, or null when it has none. */
const jobOf = async (postId: string) =>
  (await app.sql<{ run_at: Date; key: string; payload: unknown }[]>`select run_at, key, payload from graphile_worker._private_jobs where key = ${`post:${postId}`}`)[0] ??
  null;

/** The post's publication job, which must be there; the task reads payload.postId, so the payload must be a JSON object, not a JSON string of one. */
const publicationJob = async (postId: string) => {
  const job = await jobOf(postId);
  expect(job, `the post ${postId} has no publication job`).not.toBeNull();
  expect(job!.payload).toEqual({ postId });
  return job!;
};

const inAnHour = () => new Date(Date.now() + 3_600_000);

/**
 * Writes a post straight into the read model, as if published at `at` with that engagement (the
 * figures a platform would have reported): for the sums of the dashboard and the Analytics screen.
 */
const seeder =
  (user: Record<string, any>) =>
  async (at: Date, platforms: string[], engagement: Record<string, unknown>, extra: { status?: string; content?: string; publishedOn?: string[] } = {}) => {
    const status = extra.status ?? "published";
    const [{ workspace_id: workspaceId }] = await app.sql`select workspace_id from users where id = ${user.id}`;
    const [post] = await app.sql<{ id: string }[]>`
      insert into posts (id, workspace_id, author_id, content, platforms, status, published_at, time_zone, engagement, created_at, updated_at)
      values (gen_random_uuid(), ${workspaceId}, ${user.id}, ${extra.content ?? "seeded"}, ${platforms}, ${status}, ${status === "published" ? at : null},
              'UTC', ${app.sql.json(engagement as never)}, ${at}, now())
      returning id`;
    for (const platform of extra.publishedOn ?? []) {
      await app.sql`insert into post_targets (post_id, account_id, platform, status, published_at) values (${post!.id}, gen_random_uuid(), ${platform}, 'published', ${at})`;
    }
    return post!.id;
  };

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
    // The job starts ahead of the time to be ready at the second.
    expect((await publicationJob(created.data.id)).run_at.getTime()).toBe(at.getTime() - PUBLISH_LEAD_MS);

    const later = new Date(at.getTime() + 86_400_000);
    const moved = await browser.put(`/api/posts/${created.data.id}`, { content: "Scheduled", platforms: ["bluesky"], status: "scheduled", scheduledAt: later.toISOString() });
    expect(moved.status, moved.text).toBe(200);
    const jobs = await app.sql`select run_at from graphile_worker.jobs where key = ${`post:${created.data.id}`}`;
    expect(jobs.map((j) => j.run_at.getTime())).toEqual([later.getTime() - PUBLISH_LEAD_MS]);

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
    expect(none.data.detail).toBe("Select at least one platform");
    const tooLong = await browser.post("/api/posts", { content: "a".repeat(281), platforms: ["twitter"], status: "draft" });
    expect(tooLong.status).toBe(400);
    expect(tooLong.data.detail).toMatch(/X \(Twitter\).*280/);
    const past = await browser.post("/api/posts", { content: "late", platforms: ["twitter"], status: "scheduled", scheduledAt: "2020-01-01T10:00:00Z" });
    expect(past.status).toBe(400);
    const noAccount = await browser.post("/api/posts", { content: "hi", platforms: ["reddit"], status: "scheduled", scheduledAt: inAnHour().toISOString() });
    expect(noAccount.status).toBe(400);
    expect(noAccount.data.detail).toMatch(/Reddit/);
    const noTime = await browser.post("/api/posts", { content: "when?", platforms: ["twitter"], status: "scheduled" });
    expect(noTime.data.detail).toBe("Choose a date and time to schedule the post.");
    expect((await browser.post("/api/posts", { body: "{not json" } as never)).status).toBe(400);
  });

  it("given a time like 25:99, when a post is scheduled or edited to it, then 400 names scheduledAt with a sentence saying it is not a time, and nothing is saved", async () => {
    const { browser } = await withAccounts(["linkedin"]);
    const year = new Date().getUTCFullYear() + 1;
    const sentence = "25:99 is not a time. Use HH:MM, from 00:00 to 23:59.";
    const refused = await browser.post("/api/posts", { content: "When?", platforms: ["linkedin"], status: "scheduled", scheduledAt: `${year}-07-01T25:99` });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.data).toMatchObject({ code: "invalid_input", detail: sentence, errors: { scheduledAt: sentence } });
    const withOffset = await browser.post("/api/posts", { content: "When?", platforms: ["linkedin"], status: "scheduled", scheduledAt: `${year}-07-01T24:00:00Z` });
    expect(withOffset.data.errors).toEqual({ scheduledAt: "24:00 is not a time. Use HH:MM, from 00:00 to 23:59." });
    expect((await browser.get("/api/posts")).data.items).toEqual([]);

    const created = await browser.post("/api/posts", { content: "At nine", platforms: ["linkedin"], status: "scheduled", scheduledAt: `${year}-07-01T09:00` });
    expect(created.status, created.text).toBe(201);
    const edit = await browser.put(`/api/posts/${created.data.id}`, { content: "At nine", platforms: ["linkedin"], status: "scheduled", scheduledAt: `${year}-07-01T25:99` });
    expect(edit.status, edit.text).toBe(400);
    expect(edit.data.errors).toEqual({ scheduledAt: sentence });
    expect((await browser.get(`/api/posts/${created.data.id}`)).data.scheduledAt).toBe(created.data.scheduledAt);
  });

  it("given sandbox accounts, when a post carries what the real platform refuses, then 400 names the platform and the field, and a post it takes is 201", async () => {
    const { browser, accounts } = await withAccounts(["instagram", "yelp", "tiktok"]);
    const refused = async (body: Record<string, unknown>, field: string, sentence: string) => {
      const answer = await browser.post("/api/posts", { status: "draft", ...body });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.data).toMatchObject({ code: "invalid_input", detail: sentence, errors: { [field]: sentence } });
    };
    await refused({ content: "Text only", platforms: ["instagram"] }, "media", "Instagram needs a photo or video.");
    await refused({ content: "Our new hours", platforms: ["yelp"], media: ["https://cdn.example.com/a.jpg"] }, "platforms", "Yelp: No posting: the site allows none.");
    await refused(
      { content: "Scheduled to Yelp", platforms: ["yelp"], accountIds: [accounts.yelp], status: "scheduled", scheduledAt: inAnHour().toISOString() },
      "platforms",
      "Yelp: No posting: the site allows none.",
    );
    await refused({ content: "A photo", platforms: ["tiktok"], media: ["https://cdn.example.com/a.jpg"] }, "media", "TikTok needs a video.");
    const five = [1, 2, 3, 4, 5].map((n) => `https://cdn.example.com/${n}.jpg`);
    await refused({ content: "Five photos", platforms: ["twitter"], media: five }, "media", "X (Twitter) takes at most 4 images.");
    expect((await browser.get("/api/posts")).data.items).toEqual([]);

    // A file of the library: its kind and size come from the library.
    const form = new FormData();
    form.append("files", new File([(await samplePng()) as BlobPart], "smile.png", { type: "image/png" }));
    const uploaded = await browser.request("POST", "/api/media/upload", { body: form });
    expect(uploaded.status, uploaded.text).toBe(201);
    const image = uploaded.data.items[0].id as string;
    const created = await browser.post("/api/posts", { content: "Smile!", platforms: ["instagram"], media: [image], status: "published" });
    expect(created.status, created.text).toBe(201);
    const video = await browser.post("/api/posts", { content: "Tour", platforms: ["tiktok"], media: ["https://cdn.example.com/tour.mp4"], status: "draft" });
    expect(video.status, video.text).toBe(201);

    // An edit is held to the same rules, and the post keeps what it had.
    const edit = await browser.put(`/api/posts/${video.data.id}`, { content: "Tour", platforms: ["tiktok"], media: [image], status: "draft" });
    expect(edit.status, edit.text).toBe(400);
    expect(edit.data.errors).toEqual({ media: "TikTok needs a video." });
    expect((await browser.get(`/api/posts/${video.data.id}`)).data.media).toEqual(["https://cdn.example.com/tour.mp4"]);
  });

  it("given a Business Profile product, when its price is not a number, then 400 says how to write one; a price is stored as a number and an edit keeps the details", async () => {
    const { browser, accounts } = await withAccounts(["google_business"]);
    const product = (price: string | number) => ({
      content: "Our new brush",
      platforms: ["google_business"],
      accountIds: [accounts.google_business],
      status: "draft",
      postType: "product",
      businessData: { productName: "Electric brush", productPrice: price, productCurrency: "EUR" },
    });
    const refused = await browser.post("/api/posts", product("$49"));
    expect(refused.status, refused.text).toBe(400);
    expect(refused.data.errors).toEqual({ "businessData.productPrice": "Price must be a number, like 19.99." });

    const created = await browser.post("/api/posts", product("19.99"));
    expect(created.status, created.text).toBe(201);
    const read = (await browser.get(`/api/posts/${created.data.id}`)).data;
    expect(read.postType).toBe("product");
    expect(read.businessData).toEqual({ productName: "Electric brush", productPrice: 19.99, productCurrency: "EUR" });
    const [row] = await app.sql<{ price: string }[]>`select jsonb_typeof(business_data->'productPrice') as price from posts where id = ${created.data.id}`;
    expect(row!.price).toBe("number");

    // Compose sends the details back with an edit of the text.
    const edited = await browser.put(`/api/posts/${created.data.id}`, { ...product(read.businessData.productPrice), content: "Our new brush, in blue" });
    expect(edited.status, edited.text).toBe(200);
    expect((await browser.get(`/api/posts/${created.data.id}`)).data).toMatchObject({ content: "Our new brush, in blue", postType: "product", businessData: { productPrice: 19.99 } });

    const page = await browser.request("GET", `/app/posts/${created.data.id}`);
    expect(page.text).toContain("Business Profile Product");
    expect(page.text).toContain("€19.99");
  });

  it("a trial allows 10 posts a month, then the plan's message", async () => {
    const { browser } = await withAccounts(["facebook"]);
    for (let i = 0; i < 10; i++) expect((await browser.post("/api/posts", { content: `Post ${i}`, platforms: ["facebook"] })).status).toBe(201);
    const eleventh = await browser.post("/api/posts", { content: "One more", platforms: ["facebook"] });
    expect(eleventh.status).toBe(403);
    expect(eleventh.data.detail).toBe("You've reached your monthly limit of 10 posts. Upgrade for unlimited posting.");
  });
});

describe("listing and isolation", () => {
  it("filters by status and search, pages with a cursor, and keeps other workspaces out", async () => {
    const { browser, accounts } = await withAccounts(["facebook"], { selectedPlan: "growth" });
    for (const content of ["alpha", "beta", "gamma"]) await browser.post("/api/posts", { content, platforms: ["facebook"] });
    await browser.post("/api/posts", { content: "delta scheduled", platforms: ["facebook"], status: "scheduled", scheduledAt: inAnHour().toISOString() });
    expect((await browser.get("/api/posts?status=scheduled")).data.items.map((p: any) => p.content)).toEqual(["delta scheduled"]);
    expect((await browser.get("/api/posts?q=amm")).data.items.map((p: any) => p.content)).toEqual(["gamma"]);
    expect((await browser.get(`/api/posts?accountId=${accounts.facebook}`)).data.items).toHaveLength(4);
    const first = await browser.get("/api/posts?limit=3");
    expect(first.data.items).toHaveLength(3);
    const next = await browser.get(`/api/posts?limit=3&cursor=${first.data.next}`);
    expect(next.data.items.map((p: any) => p.content)).toEqual(["alpha"]);
    expect((await browser.get("/api/posts?limit=5000")).status).toBe(400);

    const stranger: Browser = (await signUp(app.server.url)).browser;
    const id = first.data.items[0].id;
    expect((await stranger.get(`/api/posts/${id}`)).status).toBe(404);
    expect((await stranger.put(`/api/posts/${id}`, { content: "mine now", platforms: ["facebook"] })).status).toBe(404);
    expect((await stranger.delete(`/api/posts/${id}`)).status).toBe(404);
    expect((await stranger.post(`/api/posts/${id}/publish`)).status).toBe(404);
    expect((await stranger.get("/api/posts")).data.items).toEqual([]);

    const stats = await browser.get("/api/dashboard/stats");
    // Drafts and a scheduled post are not posts of the month: only what was published counts.
    expect(stats.data).toMatchObject({ postsThisMonth: 0, scheduledPosts: 1, connectedAccounts: 1, totalEngagement: 0 });
    expect(stats.data.nextScheduledAt).toBe((await browser.get("/api/posts?status=scheduled")).data.items[0].scheduledAt);
    expect((await stranger.get("/api/dashboard/stats")).data).toMatchObject({ postsThisMonth: 0, connectedAccounts: 0, nextScheduledAt: null });

    const detail = await browser.get(`/api/posts/${id}`);
    expect(detail.data.history.map((h: any) => h.type)).toEqual(["PostDrafted", "PostScheduled"]);
  });
});

describe("the calendar's days", () => {
  it("counts every post of a day in the user's time zone and carries the first few of each kind", async () => {
    const { browser } = await withAccounts(["facebook"], { selectedPlan: "growth" });
    const year = new Date().getUTCFullYear() + 1;
    // New York (the user's zone): 23:30 on 1 July is 2 July in UTC, and stays on the 1st.
    for (const time of ["13:00", "09:00", "23:30", "10:00", "11:00"]) {
      const created = await browser.post("/api/posts", { content: `July first ${time}`, platforms: ["facebook"], status: "scheduled", scheduledAt: `${year}-07-01T${time}:00` });
      expect(created.status, created.text).toBe(201);
    }
    await browser.post("/api/posts", { content: "July second", platforms: ["facebook"], status: "scheduled", scheduledAt: `${year}-07-02T00:30:00` });

    const month = await browser.get(`/api/calendar?from=${year}-06-28&to=${year}-08-01`);
    expect(month.status, month.text).toBe(200);
    expect(month.data.map((d: any) => [d.day, d.scheduled, d.published, d.drafts])).toEqual([
      [`${year}-07-01`, 5, 0, 0],
      [`${year}-07-02`, 1, 0, 0],
    ]);
    const first = month.data[0];
    expect(first.posts.map((p: any) => p.content)).toEqual(["July first 09:00", "July first 10:00", "July first 11:00"]);
    expect(first.posts[0]).toMatchObject({ status: "scheduled", scheduledAt: `${year}-07-01T13:00:00.000Z`, platforms: ["facebook"], isRecurring: false });

    const week = await browser.get(`/api/calendar?from=${year}-07-01&to=${year}-07-01&perDay=12`);
    expect(week.data[0].posts.map((p: any) => p.content).at(-1)).toBe("July first 23:30");

    const stranger: Browser = (await signUp(app.server.url)).browser;
    expect((await stranger.get(`/api/calendar?from=${year}-06-28&to=${year}-08-01`)).data).toEqual([]);
  });

  it("refuses a range it cannot answer with a message a person understands", async () => {
    const { browser } = await signUp(app.server.url);
    const cases: Array<[string, string]> = [
      ["from=2026-07-01", "Choose a valid date."],
      ["from=2026-07-31&to=2026-07-01", "The end date must be on or after the start date."],
      ["from=2026-01-01&to=2026-12-31", "Choose a range of at most 62 days."],
      ["from=2026-07-01&to=2026-07-02&perDay=0", "perDay must be between 1 and 50."],
      ["from=2026-02-30&to=2026-03-02", "Choose a valid date."],
    ];
    for (const [query, message] of cases) {
      const answer = await browser.get(`/api/calendar?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.data.detail, query).toBe(message);
    }
  });
});

describe("Add to Timeslot", () => {
  const wallClock = (iso: string, timeZone: string) =>
    new Intl.DateTimeFormat("en-CA", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));

  it("schedules at the next free best time of the accounts, never two posts in one slot, fifo after the last", async () => {
    const { browser } = await withAccounts(["facebook"], { selectedPlan: "growth" });
    const add = async (content: string, queueOrder?: string) => {
      const created = await browser.post("/api/posts", { content, platforms: ["facebook"], addToTimeslot: true, ...(queueOrder ? { queueOrder } : {}) });
      expect(created.status, created.text).toBe(201);
      expect(created.data.status).toBe("scheduled");
      return created.data as { scheduledAt: string; timeZone: string; id: string };
    };
    const first = await add("First in the queue", "priority");
    const second = await add("Second in the queue", "priority");
    for (const post of [first, second]) {
      expect(["09:00", "13:00", "15:00"]).toContain(wallClock(post.scheduledAt, post.timeZone));
      expect(Date.parse(post.scheduledAt)).toBeGreaterThan(Date.now());
      expect((await publicationJob(post.id)).run_at.getTime()).toBe(Date.parse(post.scheduledAt) - PUBLISH_LEAD_MS);
    }
    expect(second.scheduledAt).not.toBe(first.scheduledAt);

    // A post placed far ahead by hand: fifo goes after it, priority fills the gap before it.
    const farDay = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const far = await browser.post("/api/posts", { content: "Far ahead", platforms: ["facebook"], status: "scheduled", scheduledAt: `${farDay}T13:00:00` });
    expect(far.status, far.text).toBe(201);
    const fifo = await add("Queued last", "fifo");
    expect(Date.parse(fifo.scheduledAt)).toBeGreaterThan(Date.parse(far.data.scheduledAt));
    const gap = await add("Fills a gap", "priority");
    expect(Date.parse(gap.scheduledAt)).toBeLessThan(Date.parse(far.data.scheduledAt));

    const bad = await browser.post("/api/posts", { content: "x", platforms: ["facebook"], addToTimeslot: true, queueOrder: "random" });
    expect(bad.status).toBe(400);
    expect(bad.data.detail).toBe("Choose a queue order: optimal, fifo or priority.");
  });
});

describe("editing a repeating post", () => {
  it("keeps the repeats when the edit does not mention them (the calendar's move), changes or stops them when it does", async () => {
    const { browser } = await withAccounts(["facebook"], { selectedPlan: "growth" });
    const year = new Date().getUTCFullYear() + 1;
    const created = await browser.post("/api/posts", {
      content: "Weekly tip",
      platforms: ["facebook"],
      status: "scheduled",
      scheduledAt: `${year}-03-02T09:00:00`,
      isRecurring: true,
      recurringInterval: "weekly",
      recurringDays: [1],
      hasExpiration: true,
      expirationCount: 5,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.data.recurrence).toEqual({ frequency: "weekly", weekdays: [1], end: { type: "after", count: 5 } });
    const id = created.data.id;

    const moved = await browser.put(`/api/posts/${id}`, { content: "Weekly tip", platforms: ["facebook"], status: "scheduled", scheduledAt: `${year}-03-04T09:00:00` });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.data).toMatchObject({ scheduledAt: `${year}-03-04T14:00:00.000Z`, isRecurring: true });
    expect(moved.data.recurrence).toEqual(created.data.recurrence);

    const daily = await browser.put(`/api/posts/${id}`, { content: "Daily tip", platforms: ["facebook"], status: "scheduled", scheduledAt: `${year}-03-04T09:00:00`, isRecurring: true, recurringInterval: "daily" });
    expect(daily.data.recurrence).toMatchObject({ frequency: "daily" });

    const stopped = await browser.put(`/api/posts/${id}`, { content: "Daily tip", platforms: ["facebook"], status: "scheduled", scheduledAt: `${year}-03-04T09:00:00`, isRecurring: false });
    expect(stopped.data).toMatchObject({ isRecurring: false, recurrence: null });
    const history = (await browser.get(`/api/posts/${id}`)).data.history.map((h: any) => h.type);
    expect(history).toEqual(["PostDrafted", "PostScheduled", "RecurrenceSet", "PostRescheduled", "PostEdited", "RecurrenceSet", "RecurrenceCleared"]);
  });
});

describe("the dashboard's analytics overview", () => {
  it("sums the published posts of each period and their engagement, overall and per platform", async () => {
    const { browser, user } = await withAccounts(["facebook"]);
    const seed = seeder(user);
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    await seed(daysAgo(3), ["facebook", "twitter"], { facebook: { likes: 5, shares: 1, comments: 2 }, twitter: { likes: 3 } });
    await seed(daysAgo(20), ["facebook"], { facebook: { likes: 10 } });
    await seed(daysAgo(60), ["linkedin"], { linkedin: { comments: 4 } });
    await seed(daysAgo(100), ["facebook"], { facebook: { likes: 1000 } });
    await seed(daysAgo(1), ["facebook"], { facebook: { likes: 500 } }, { status: "draft" });

    const overview = await browser.get("/api/dashboard/overview");
    expect(overview.status, overview.text).toBe(200);
    expect(overview.data).toEqual({
      "7d": { posts: 1, engagement: 11, averageEngagement: 11, byPlatform: [{ platform: "facebook", posts: 1, engagement: 8 }, { platform: "twitter", posts: 1, engagement: 3 }] },
      "30d": { posts: 2, engagement: 21, averageEngagement: 10.5, byPlatform: [{ platform: "facebook", posts: 2, engagement: 18 }, { platform: "twitter", posts: 1, engagement: 3 }] },
      "90d": {
        posts: 3,
        engagement: 25,
        averageEngagement: 8.3,
        byPlatform: [{ platform: "facebook", posts: 2, engagement: 18 }, { platform: "linkedin", posts: 1, engagement: 4 }, { platform: "twitter", posts: 1, engagement: 3 }],
      },
    });
    // The page renders the default period's figures (Last 30 days) on the server.
    expect((await browser.get("/app/dashboard")).text).toMatch(/data-testid="analytics-posts"[^>]*>2</);
    const stranger = (await signUp(app.server.url)).browser;
    expect((await stranger.get("/api/dashboard/overview")).data["90d"]).toEqual({ posts: 0, engagement: 0, averageEngagement: 0, byPlatform: [] });
  });
});

describe("the queue's lists", () => {
  it("lists a tab's statuses soonest due first, pages by that order, and counts each status under the filters", async () => {
    const { browser, accounts } = await withAccounts(["facebook", "linkedin"], { selectedPlan: "growth" });
    const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    // Created in this order, due in another: 3 h, 1 h, 2 h.
    for (const [content, hours] of [["due third", 3], ["due first", 1], ["due second", 2]] as const) {
      await browser.post("/api/posts", { content, platforms: ["facebook"], status: "scheduled", scheduledAt: inHours(hours) });
    }
    await browser.post("/api/posts", { content: "draft on linkedin", platforms: ["linkedin"] });

    const first = await browser.get("/api/posts?status=scheduled,publishing&sort=scheduled&limit=2");
    expect(first.status, first.text).toBe(200);
    expect(first.data.items.map((p: any) => p.content)).toEqual(["due first", "due second"]);
    const rest = await browser.get(`/api/posts?status=scheduled,publishing&sort=scheduled&limit=2&cursor=${first.data.next}`);
    expect(rest.data.items.map((p: any) => p.content)).toEqual(["due third"]);
    expect(rest.data.next).toBeNull();

    expect((await browser.get("/api/posts/counts")).data).toEqual({ draft: 1, awaiting_approval: 0, scheduled: 3, publishing: 0, published: 0 });
    expect((await browser.get(`/api/posts/counts?accountId=${accounts.linkedin}`)).data).toEqual({ draft: 1, awaiting_approval: 0, scheduled: 0, publishing: 0, published: 0 });
    expect((await browser.get("/api/posts/counts?q=second")).data).toMatchObject({ scheduled: 1, draft: 0 });

    const bad = await browser.get("/api/posts?status=scheduled,lost");
    expect(bad.status).toBe(400);
    expect(bad.data.detail).toBe("Choose a status: draft, awaiting_approval, scheduled or published.");
    expect((await browser.get("/api/posts?sort=random")).data.detail).toBe("Sort by created, scheduled or published.");
    const stranger = (await signUp(app.server.url)).browser;
    expect((await stranger.get("/api/posts/counts")).data).toEqual({ draft: 0, awaiting_approval: 0, scheduled: 0, publishing: 0, published: 0 });
  });
});

describe("publish now", () => {
  it("given a post scheduled next week, when published now, then its time is now: the calendar shows it today, the queue and analytics count it as published now", async () => {
    const { browser } = await withAccounts(["facebook"], { timeZone: "UTC" });
    const nextWeek = new Date(Date.now() + 7 * 86_400_000);
    const created = await browser.post("/api/posts", { content: "Open house today", platforms: ["facebook"], status: "scheduled", scheduledAt: nextWeek.toISOString() });
    expect(created.status, created.text).toBe(201);
    const pressed = Date.now();

    const answer = await browser.post(`/api/posts/${created.data.id}/publish`, { expectedVersion: created.data.version });
    expect(answer.status, answer.text).toBe(202);
    expect(Math.abs(Date.parse(answer.data.scheduledAt) - pressed)).toBeLessThan(10_000);
    expect((await publicationJob(created.data.id)).run_at.getTime()).toBeLessThan(nextWeek.getTime() - 86_400_000);

    const post = await until(
      async () => (await browser.get(`/api/posts/${created.data.id}`)).data,
      (p) => p.status === "published",
    );
    expect(post.status).toBe("published");
    expect(Math.abs(Date.parse(post.scheduledAt) - pressed)).toBeLessThan(10_000);
    expect(Date.parse(post.publishedAt)).toBeGreaterThanOrEqual(Date.parse(post.scheduledAt));

    const day = (at: number) => new Date(at).toISOString().slice(0, 10);
    const today = (await browser.get(`/api/calendar?from=${day(pressed)}&to=${day(pressed)}`)).data;
    expect(today).toHaveLength(1);
    expect(today[0]).toMatchObject({ day: day(pressed), published: 1, scheduled: 0 });
    expect(today[0].posts.map((p: any) => p.id)).toEqual([created.data.id]);
    expect((await browser.get(`/api/calendar?from=${day(nextWeek.getTime())}&to=${day(nextWeek.getTime())}`)).data).toEqual([]);

    expect((await browser.get("/api/posts/counts")).data).toMatchObject({ scheduled: 0, published: 1 });
    const week = await browser.get("/api/analytics?period=7d");
    expect(week.data.totals.posts).toBe(1);
    expect(week.data.buckets.find((b: any) => b.start === day(pressed))).toMatchObject({ posts: 1 });

    // Its history says it was moved, and from when.
    const [moved] = await app.sql`select data from events where stream_id = ${`post-${created.data.id}`} and type = 'PostMovedToNow'`;
    expect(moved!.data.previousScheduledAt).toBe(nextWeek.toISOString());
  });
});

describe("the Analytics screen's sums", () => {
  it("buckets by the user's local day, ranks platforms where posts went out, and lists the top 5", async () => {
    // New York: 03:30 UTC on a day is the evening before there.
    const { browser, user } = await signUp(app.server.url, { timeZone: "America/New_York" });
    const seed = seeder(user);
    const today = new Date();
    const day = (daysBack: number, utcHour: number) => {
      const at = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - daysBack, utcHour));
      return at;
    };
    const localDay = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(at);
    const late = day(2, 3); // 03:00 UTC: the previous local day in New York
    const noon = day(2, 16);
    await seed(late, ["facebook", "instagram"], { facebook: { likes: 4 }, instagram: { likes: 6, comments: 1 } }, { content: "late evening", publishedOn: ["facebook"] });
    await seed(noon, ["linkedin"], { linkedin: { likes: 2 } }, { content: "noon" });
    for (let i = 0; i < 5; i++) await seed(day(5, 15), ["twitter"], { twitter: { likes: i } }, { content: `tweet ${i}` });
    await seed(day(45, 15), ["twitter"], { twitter: { likes: 99 } }, { content: "older than the period" });

    const report = await browser.get("/api/analytics?period=30d");
    expect(report.status, report.text).toBe(200);
    expect(report.data.period).toMatchObject({ id: "30d", label: "Last 30 days" });
    expect(report.data.buckets).toHaveLength(30);
    const bucketOf = (at: Date) => report.data.buckets.find((b: any) => b.start === localDay(at));
    expect(localDay(late)).not.toBe(localDay(noon));
    expect(bucketOf(late)).toMatchObject({ posts: 1, engagements: 11 });
    expect(bucketOf(noon)).toMatchObject({ posts: 1, engagements: 2 });
    expect(report.data.totals).toMatchObject({ posts: 7, engagements: 23, impressions: 23 * 50, reach: 23 * 30, clicks: 23 * 3, engagementRate: "2.0%" });
    // The late post went out on Facebook only: Instagram, which it listed, does not count.
    expect(report.data.platforms).toEqual([
      { platform: "twitter", posts: 5, engagements: 10 },
      { platform: "facebook", posts: 1, engagements: 4 },
      { platform: "linkedin", posts: 1, engagements: 2 },
    ]);
    expect(report.data.topPosts.map((p: any) => [p.content, p.engagements])).toEqual([
      ["late evening", 11],
      ["tweet 4", 4],
      ["tweet 3", 3],
      ["noon", 2],
      ["tweet 2", 2],
    ]);
    const year = await browser.get("/api/analytics?period=365d");
    expect(year.data.totals.posts).toBe(8);
    expect(year.data.buckets).toHaveLength(12);
    const page = await browser.get("/app/analytics?period=30d");
    expect(page.text).toContain("late evening");
  });
});

describe("every write states the version it read", () => {
  const draft = (content: string, extra: Record<string, unknown> = {}) => ({ content, platforms: ["bluesky"], status: "draft", ...extra });

  it("a post carries its version (also as ETag), in the list too, and each edit moves it", async () => {
    const { browser } = await withAccounts(["bluesky"]);
    const created = await browser.post("/api/posts", draft("Version one"));
    expect(created.data.version).toBe(1);
    const read = await browser.get(`/api/posts/${created.data.id}`);
    expect(read.headers.get("etag")).toBe('"1"');
    const edited = await browser.put(`/api/posts/${created.data.id}`, draft("Version two", { expectedVersion: 1 }));
    expect(edited.status, edited.text).toBe(200);
    expect(edited.data.version).toBe(2);
    const listed = await browser.get("/api/posts");
    expect(listed.data.items.find((p: any) => p.id === created.data.id)?.version).toBe(2);
  });

  it("20 concurrent edits from the same version: one is saved, the others answer 409 and change nothing", async () => {
    const { browser } = await withAccounts(["bluesky"]);
    const created = await browser.post("/api/posts", draft("Before the race"));
    const { id, version } = created.data;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => browser.put(`/api/posts/${id}`, draft(`Edit number ${i}`, { expectedVersion: version }))),
    );
    const saved = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    expect(saved).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const answer of refused) {
      expect(answer.data).toMatchObject({ code: "version_conflict", detail: "This item was changed by someone else. Reload and try again." });
    }
    const now = await browser.get(`/api/posts/${id}`);
    expect(now.data.content).toBe(saved[0]!.data.content);
    expect(now.data.version).toBe(version + 1);
    const [{ count }] = await app.sql`select count(*)::int as count from events where stream_id = ${`post-${id}`} and type = 'PostEdited'`;
    expect(count).toBe(1);
  });

  it("a stale delete or publish answers 409 and keeps the post; If-Match works like expectedVersion", async () => {
    const { browser } = await withAccounts(["bluesky"]);
    const created = await browser.post("/api/posts", draft("Kept"));
    const { id } = created.data;
    await browser.put(`/api/posts/${id}`, draft("Changed by someone else"));
    expect((await browser.request("DELETE", `/api/posts/${id}`, { json: { expectedVersion: 1 } })).status).toBe(409);
    expect((await browser.post(`/api/posts/${id}/publish`, { expectedVersion: 1 })).status).toBe(409);
    expect((await browser.put(`/api/posts/${id}`, draft("Stale"), { headers: { "if-match": '"1"' } })).status).toBe(409);
    expect((await browser.put(`/api/posts/${id}`, draft("Fresh"), { headers: { "if-match": '"2"' } })).status).toBe(200);
    expect((await browser.put(`/api/posts/${id}`, draft("Bad"), { headers: { "if-match": "yesterday" } })).status).toBe(400);
    expect((await browser.get(`/api/posts/${id}`)).data.content).toBe("Fresh");
    expect((await browser.request("DELETE", `/api/posts/${id}`, { json: { expectedVersion: 3 } })).status).toBe(200);
  });

  it("the spec's payloads without a version keep working", async () => {
    const { browser } = await withAccounts(["bluesky"]);
    const created = await browser.post("/api/posts", draft("No version"));
    expect((await browser.put(`/api/posts/${created.data.id}`, draft("Still no version"))).status).toBe(200);
    expect((await browser.delete(`/api/posts/${created.data.id}`)).status).toBe(200);
  });
});
