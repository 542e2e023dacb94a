import { randomBytes, randomUUID } from "node:crypto";
import { Effect, Layer, ManagedRuntime } from "effect";
import { describe, expect, it } from "vitest";
import { categoriesProjection } from "../../domain/categories";
import { FEATURE_UNAVAILABLE_MESSAGE } from "../../domain/plans";
import { nextTimeslot, postsProjection } from "../../domain/publishing";
import { recycleEvergreen } from "../../infra/categories/recycle";
import { Database } from "../../infra/db/Database";
import { verifyProjections } from "../../infra/eventstore/rebuild";
import { storedEventsLayer } from "../../infra/modules";
import { publishPost } from "../../infra/publishing/publish-post";
import { PUBLISH_LEAD_MS, PUBLISH_MAX_ATTEMPTS } from "../../infra/publishing/reactions";
import type { Browser } from "../support/browser";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";
import { until } from "../support/wait";

/**
 * Evergreen recycling over HTTP and through the worker's tasks run "at" later times: a published
 * post of an evergreen category is re-queued into the next free time slot once per cadence, not again
 * before the minimum gap, not past the most repeats, published again by the scheduler's task, each
 * repeat in the post's history and the audit trail; plans without content_recycling answer 403.
 */

process.env.TOKEN_ENCRYPTION_KEY ??= randomBytes(32).toString("hex");

const app = useAppServer();
const { owner } = teamHelpers(app);

const DAY = 86_400_000;
const days = (from: Date, n: number) => new Date(from.getTime() + n * DAY);

/** A Bluesky sandbox account and a category "Tips" of the owner's workspace. */
const setUp = async (browser: Browser) => {
  const account = await browser.post("/api/social-accounts/sandbox", { platform: "bluesky", accountName: "Evergreen Studio" });
  expect(account.status, account.text).toBe(201);
  const category = await browser.post("/api/categories", { name: "Tips" });
  expect(category.status, category.text).toBe(201);
  return { accountId: account.data.id as string, categoryId: category.data.id as string };
};

/** A post of the category published now by the server's worker. */
const publishedPost = async (browser: Browser, accountId: string, categoryId: string, content: string) => {
  const created = await browser.post("/api/posts", { content, platforms: ["bluesky"], accountIds: [accountId], status: "published", categoryId });
  expect(created.status, created.text).toBe(201);
  const id = created.data.id as string;
  const post = await until(
    () => browser.get(`/api/posts/${id}`),
    (r) => r.data.status === "published",
  );
  expect(post.data.status).toBe("published");
  return id;
};

const postRow = async (id: string) =>
  (
    await app.sql<{ status: string; scheduled_at: Date | null; published_at: Date | null; occurrence: number; evergreen_repeats: number; time_zone: string }[]>`
      select status, scheduled_at, published_at, occurrence, evergreen_repeats, time_zone from posts where id = ${id}`
  )[0]!;

/** The scheduler's task for the post, run at `now` (its job waits for then in the real worker). */
let jobIds = 0;
const publishAt = (postId: string, now: Date) =>
  app.run(publishPost(postId, { now, jobId: `evergreen-${++jobIds}`, attempt: 1, maxAttempts: PUBLISH_MAX_ATTEMPTS }));

describe("evergreen settings", () => {
  it("are refused with 403 on a plan without content_recycling, checked with sentences, and kept with the category", async () => {
    const { browser } = await owner("professional");
    const { categoryId } = await setUp(browser);

    const refused = await browser.put(`/api/categories/${categoryId}/evergreen`, { enabled: true });
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ status: 403, code: "plan_limit", detail: FEATURE_UNAVAILABLE_MESSAGE });
    expect((await browser.get(`/api/categories/${categoryId}`)).data.evergreen).toMatchObject({ enabled: false, everyDays: 7, minGapDays: 30, maxRepeats: 5 });

    const growth = await owner("growth");
    const mine = await setUp(growth.browser);
    const bad = await growth.browser.put(`/api/categories/${mine.categoryId}/evergreen`, { enabled: true, everyDays: 0, minGapDays: 400, maxRepeats: 51 });
    expect(bad.status).toBe(400);
    expect(bad.data.errors).toEqual({
      everyDays: "Re-queue a post every 1 to 90 days (a whole number).",
      minGapDays: "Leave 1 to 365 days (a whole number) between two repeats of the same post.",
      maxRepeats: "Repeat each post 1 to 50 times (a whole number).",
    });
    expect((await growth.browser.put(`/api/categories/${mine.categoryId}/evergreen`, { everyDays: 3 })).data.errors).toEqual({
      enabled: "Say whether the category is evergreen: enabled must be true or false.",
    });
    expect((await growth.browser.request("PUT", `/api/categories/${mine.categoryId}/evergreen`, { body: "{nope" })).status).toBe(400);

    const before = Date.now();
    const on = await growth.browser.put(`/api/categories/${mine.categoryId}/evergreen`, { enabled: true, everyDays: 3, maxRepeats: 2 });
    expect(on.status, on.text).toBe(200);
    // No published post yet: no next repeat to tell.
    expect(on.data.evergreen).toMatchObject({
      enabled: true,
      everyDays: 3,
      minGapDays: 30,
      maxRepeats: 2,
      lastRepeatAt: null,
      nextRepeatAt: null,
      postsToRepeat: 0,
    });
    const [{ evergreen_next_at: due }] = await app.sql<{ evergreen_next_at: Date }[]>`select evergreen_next_at from categories where id = ${mine.categoryId}`;
    expect(due.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // A stale version is refused; the same settings again record nothing; stopping keeps the settings.
    const stale = await growth.browser.put(`/api/categories/${mine.categoryId}/evergreen`, { enabled: true, maxRepeats: 4, version: 1 });
    expect(stale.status).toBe(409);
    await growth.browser.put(`/api/categories/${mine.categoryId}/evergreen`, { enabled: true, everyDays: 3, maxRepeats: 2 });
    const off = await growth.browser.put(`/api/categories/${mine.categoryId}/evergreen`, { enabled: false });
    expect(off.data.evergreen).toMatchObject({ enabled: false, everyDays: 3, maxRepeats: 2, nextRepeatAt: null });
    const events = await app.sql<{ type: string }[]>`select type from events where stream_id = ${`category-${mine.categoryId}`} order by stream_version`;
    expect(events.map((e) => e.type)).toEqual(["CategoryCreated", "CategoryMadeEvergreen", "CategoryEvergreenStopped"]);

    // Another workspace's category is not found.
    const other = await growth.browser.put(`/api/categories/${categoryId}/evergreen`, { enabled: true });
    expect(other.status).toBe(404);
    expect((await growth.browser.put(`/api/categories/${randomUUID()}/evergreen`, { enabled: true })).status).toBe(404);
  });
});

describe("the recycle_evergreen job", () => {
  it("re-queues the post that waited longest into the next slot once a cadence, respects the gap and the most repeats, and the scheduler publishes each repeat", async () => {
    const { browser } = await owner("growth");
    const { accountId, categoryId } = await setUp(browser);
    const older = await publishedPost(browser, accountId, categoryId, "Five tips for a calmer Monday");
    const newer = await publishedPost(browser, accountId, categoryId, "Batch your e-mail twice a day");
    // A published post of no category is never re-queued.
    const elsewhere = await browser.post("/api/posts", { content: "Not evergreen", platforms: ["bluesky"], accountIds: [accountId], status: "published" });
    expect(elsewhere.status).toBe(201);

    const on = await browser.put(`/api/categories/${categoryId}/evergreen`, { enabled: true, everyDays: 7, minGapDays: 30, maxRepeats: 2 });
    // Due at once, but the posts went out just now: the next repeat is when the one that waited longest is past its gap.
    const olderPublished = (await postRow(older)).published_at!;
    expect(on.data.evergreen).toMatchObject({ postsToRepeat: 2, nextRepeatAt: days(olderPublished, 30).toISOString() });
    const [{ evergreen_next_at: due }] = await app.sql<{ evergreen_next_at: Date }[]>`select evergreen_next_at from categories where id = ${categoryId}`;

    // Within the gap, nothing is re-queued (the category stays due).
    expect(await app.run(recycleEvergreen(days(new Date(), 10)))).toMatchObject({ recycled: 0, "no post": 1 });

    // 31 days on: the post that waited longest goes into the next free slot, once, however many runs.
    const t1 = days(new Date(), 31);
    const runs = await Promise.all([app.run(recycleEvergreen(t1)), app.run(recycleEvergreen(t1))]);
    expect(runs.reduce((sum, r) => sum + r.recycled, 0)).toBe(1);
    const first = await postRow(older);
    const slot1 = nextTimeslot({ platforms: ["bluesky"], timeZone: first.time_zone, now: t1, taken: [], order: "priority" })!;
    expect(first).toMatchObject({ status: "scheduled", scheduled_at: slot1, occurrence: 2, evergreen_repeats: 1 });
    expect((await postRow(newer)).status).toBe("published");
    const [job] = await app.sql<{ run_at: Date }[]>`select run_at from graphile_worker.jobs where key = ${`post:${older}`}`;
    expect(job!.run_at.getTime()).toBe(slot1.getTime() - PUBLISH_LEAD_MS);
    const [recycled] = await app.sql<{ data: any }[]>`select data from events where stream_id = ${`post-${older}`} and type = 'PostRecycled'`;
    expect(recycled!.data).toEqual({
      categoryId,
      categoryName: "Tips",
      repeat: 1,
      maxRepeats: 2,
      scheduledAt: slot1.toISOString(),
      occurrence: 2,
      accountIds: [accountId],
    });
    const listed = (await browser.get(`/api/categories/${categoryId}`)).data.evergreen;
    expect(listed).toMatchObject({
      enabled: true,
      lastRepeatAt: t1.toISOString(),
      nextRepeatAt: days(due, 35).toISOString(),
    });

    // Again in the same period: nothing.
    expect((await app.run(recycleEvergreen(new Date(t1.getTime() + 60_000)))).recycled).toBe(0);

    // The scheduler publishes the repeat at its slot, as a new occurrence.
    expect(await publishAt(older, slot1)).toMatchObject({ outcome: "published", published: 1 });
    expect(await postRow(older)).toMatchObject({ status: "published", occurrence: 2, published_at: expect.any(Date) });

    // The next period: the other post (the one that waited longest now); the first is within its gap.
    const t2 = new Date(listed.nextRepeatAt);
    expect((await app.run(recycleEvergreen(t2))).recycled).toBe(1);
    const second = await postRow(newer);
    expect(second).toMatchObject({ status: "scheduled", evergreen_repeats: 1 });
    expect(await publishAt(newer, second.scheduled_at!)).toMatchObject({ outcome: "published" });

    // The period after: both posts are within their gap, nothing goes.
    const t3 = days(t2, 7);
    expect(await app.run(recycleEvergreen(t3))).toMatchObject({ recycled: 0, "no post": 1 });

    // Past the gap, the first post's second (and last) repeat.
    const t4 = days((await postRow(older)).published_at!, 31);
    expect((await app.run(recycleEvergreen(t4))).recycled).toBe(1);
    const third = await postRow(older);
    expect(third).toMatchObject({ status: "scheduled", occurrence: 3, evergreen_repeats: 2 });
    await publishAt(older, third.scheduled_at!);
    // Then the second post's last one, and then none is left.
    const t5 = days(t4, 60);
    expect((await app.run(recycleEvergreen(t5))).recycled).toBe(1);
    await publishAt(newer, (await postRow(newer)).scheduled_at!);
    expect(await app.run(recycleEvergreen(days(t5, 60)))).toMatchObject({ recycled: 0, "no post": 1 });
    expect((await browser.get(`/api/categories/${categoryId}`)).data.evergreen.postsToRepeat).toBe(0);
    expect((await postRow(older)).evergreen_repeats).toBe(2);

    // Each repeat is in the post's history and in the audit trail, in the same words.
    const page = await browser.get(`/app/posts/${older}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Re-queued from evergreen category Tips (repeat 1 of 2)");
    expect(page.text).toContain("Re-queued from evergreen category Tips (repeat 2 of 2)");
    // The audit trail is an async read model: it catches up.
    const repeatsAudited = async () =>
      ((await browser.get("/api/audit?person=system")).data.items as Array<{ summary: string }>)
        .map((e) => e.summary)
        .filter((summary) => summary.startsWith("Re-queued from evergreen category Tips"));
    const audited = await until(repeatsAudited, (lines) => lines.length === 4);
    expect(audited).toHaveLength(4);
    expect(audited).toContain(`Re-queued from evergreen category Tips (repeat 1 of 2), to go out ${slot1.toISOString()}`);
  });

  it("leaves a category alone once it is no longer evergreen, or when the plan no longer has recycling", async () => {
    const { browser, user } = await owner("agency");
    const { accountId, categoryId } = await setUp(browser);
    const postId = await publishedPost(browser, accountId, categoryId, "An evergreen checklist");
    await browser.put(`/api/categories/${categoryId}/evergreen`, { enabled: true, minGapDays: 1 });
    const later = days(new Date(), 2);

    await browser.put(`/api/categories/${categoryId}/evergreen`, { enabled: false });
    expect((await app.run(recycleEvergreen(later))).recycled).toBe(0);
    expect((await postRow(postId)).status).toBe("published");

    await browser.put(`/api/categories/${categoryId}/evergreen`, { enabled: true });
    const [{ workspace_id: workspaceId }] = await app.sql<{ workspace_id: string }[]>`select workspace_id from users where id = ${user.id}`;
    await app.sql`update workspaces set subscription_tier = 'professional' where id = ${workspaceId}`;
    expect((await app.run(recycleEvergreen(later))).recycled).toBe(0);
    expect((await postRow(postId)).status).toBe("published");

    // Back on a plan with recycling: the post goes into the first slot of the queue still free.
    await app.sql`update workspaces set subscription_tier = 'growth' where id = ${workspaceId}`;
    const { time_zone: timeZone } = await postRow(postId);
    const firstSlot = nextTimeslot({ platforms: ["bluesky"], timeZone, now: later, taken: [], order: "priority" })!;
    const queued = await browser.post("/api/posts", {
      content: "Already queued",
      platforms: ["bluesky"],
      accountIds: [accountId],
      status: "scheduled",
      scheduledAt: firstSlot.toISOString(),
      timeZone,
    });
    expect(queued.status, queued.text).toBe(201);
    expect((await app.run(recycleEvergreen(later))).recycled).toBe(1);
    const nextFree = nextTimeslot({ platforms: ["bluesky"], timeZone, now: later, taken: [firstSlot], order: "priority" })!;
    expect(await postRow(postId)).toMatchObject({ status: "scheduled", scheduled_at: nextFree });
    expect(nextFree.getTime()).toBeGreaterThan(firstSlot.getTime());
  });
});

describe("the read models", () => {
  it("are rebuilt from the events exactly as they are live", async () => {
    const runtime = ManagedRuntime.make(Layer.merge(Database.layerFrom(Effect.succeed(app.database.url), { max: 2 }), storedEventsLayer()));
    try {
      const result = await runtime.runPromise(verifyProjections([categoriesProjection, postsProjection]));
      expect(result.differences).toEqual([]);
    } finally {
      await runtime.dispose();
    }
  });
});
