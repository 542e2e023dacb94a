import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDemo } from "../../infra/demo";
import { Browser } from "../support/browser";
import { createTestApp } from "../support/database";
import { useAppServer } from "../support/server";

/** Demo mode's sample posts: real posts of the demo workspace, dated around today, made once. */

const server = useAppServer();

describe("demo mode's posts, as a visitor sees them", () => {
  it("given the demo, then the dashboard, queue, calendar notes and sandbox timeline show its posts, with engagement", async () => {
    const visitor = new Browser(server.server.url);
    const stats = await visitor.get("/api/dashboard/stats?demo=true");
    expect(stats.status, stats.text).toBe(200);
    expect(stats.data.scheduledPosts).toBe(5);
    expect(stats.data.totalEngagement).toBeGreaterThan(0);

    const published = (await visitor.get("/api/posts?status=published&sort=published&demo=true")).data.items as Array<Record<string, any>>;
    expect(published).toHaveLength(16);
    expect(published.every((p) => p.targets.length > 0 && p.targets.every((t: any) => t.status === "published" && t.url.startsWith("/app/sandbox/")))).toBe(true);
    expect(published.every((p) => Object.keys(p.engagement).length > 0)).toBe(true);
    // Newest first, the latest a day ago, the oldest 85 days ago.
    const ages = published.map((p) => Math.round((Date.now() - Date.parse(p.publishedAt)) / 86_400_000));
    expect(ages[0]).toBeLessThanOrEqual(2);
    expect(ages.at(-1)).toBeGreaterThanOrEqual(84);

    // The card's "Posts This Month" counts what the Analytics Overview counts: posts published, here since the 1st in the demo user's zone.
    const me = (await visitor.get("/api/auth/user?demo=true")).data as { timeZone: string };
    const monthStart = new Intl.DateTimeFormat("en-CA", { timeZone: me.timeZone, year: "numeric", month: "2-digit" }).format(new Date());
    const inZone = (iso: string) => new Intl.DateTimeFormat("en-CA", { timeZone: me.timeZone, year: "numeric", month: "2-digit" }).format(new Date(iso));
    expect(stats.data.postsThisMonth).toBe(published.filter((p) => inZone(p.publishedAt) === monthStart).length);
    const overview = (await visitor.get("/api/dashboard/overview?demo=true")).data as Record<"7d" | "30d" | "90d", { posts: number }>;
    expect(overview["30d"].posts).toBe(published.filter((p) => Date.now() - Date.parse(p.publishedAt) <= 30 * 86_400_000).length);
    // A month so far is at most 31 days: the card never shows more than the last 31 days published.
    expect(stats.data.postsThisMonth).toBeLessThanOrEqual(published.filter((p) => Date.now() - Date.parse(p.publishedAt) <= 31 * 86_400_000).length);

    expect((await visitor.get("/api/posts?status=draft&demo=true")).data.items).toHaveLength(2);
    expect((await visitor.get("/api/calendar-notes?demo=true")).data).toHaveLength(4);
    const dashboard = await visitor.page("/app/dashboard?demo=true");
    expect(dashboard.text).toContain("Did you know? Changing your toothbrush");
    const timeline = await visitor.page("/app/sandbox");
    expect(timeline.status).toBe(200);
    expect(timeline.text).toContain("Did you know? Changing your toothbrush");
  });
});

describe("seeding the demo", () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  const counts = async () =>
    (
      await app.sql<{ published: number; scheduled: number; drafts: number; notes: number; sandbox: number }[]>`
        select (select count(*)::int from posts where status = 'published') as published,
               (select count(*)::int from posts where status = 'scheduled') as scheduled,
               (select count(*)::int from posts where status = 'draft') as drafts,
               (select count(*)::int from calendar_notes) as notes,
               (select count(*)::int from sandbox_posts) as sandbox`
    )[0];

  it("given a second start, then nothing is added; once the scheduled posts are due, the coming days get new ones", async () => {
    const now = new Date();
    await app.run(ensureDemo(now));
    const first = await counts();
    expect(first).toMatchObject({ published: 16, scheduled: 5, drafts: 2, notes: 4 });
    expect(first.sandbox).toBeGreaterThan(16);

    await app.run(ensureDemo(new Date(now.getTime() + 60_000)));
    expect(await counts()).toEqual(first);

    // Ten days on, every scheduled post's time has passed (the worker would have published them).
    await app.run(ensureDemo(new Date(now.getTime() + 10 * 86_400_000)));
    expect(await counts()).toEqual({ ...first, scheduled: 10 });
    const [job] = await app.sql<{ n: number }[]>`select count(*)::int as n from graphile_worker._private_jobs where key like 'post:%'`;
    expect(job!.n).toBe(10);
  });
});
