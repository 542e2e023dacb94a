import { describe, expect, it } from "vitest";
import { Browser, signUp } from "../support/browser";
import { pdfText } from "../support/pdf-text";
import { useAppServer } from "../support/server";

/**
 * The Analytics export over HTTP: the screen's figures for a period as a CSV of one row per platform
 * and local day, or as an A4 PDF with the same rows, the totals and the chart; bad queries and
 * strangers refused.
 */

const app = useAppServer();

const TIME_ZONE = "America/New_York";
const localDay = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE }).format(at);
const daysAgo = (days: number, utcHour: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days, utcHour));
};

/** A post written straight into the read model as published at `at` with that engagement (what the engagement job records). */
const seed = async (
  user: Record<string, any>,
  at: Date,
  platforms: string[],
  engagement: Record<string, Record<string, number>>,
  publishedOn: string[] = [],
) => {
  const [{ workspace_id: workspaceId }] = await app.sql`select workspace_id from users where id = ${user.id}`;
  const [post] = await app.sql<{ id: string }[]>`
    insert into posts (id, workspace_id, author_id, content, platforms, status, published_at, time_zone, engagement, created_at, updated_at)
    values (gen_random_uuid(), ${workspaceId}, ${user.id}, 'seeded', ${platforms}, 'published', ${at}, 'UTC', ${app.sql.json(engagement)}, ${at}, now())
    returning id`;
  for (const platform of publishedOn) {
    await app.sql`insert into post_targets (post_id, account_id, platform, status, published_at) values (${post!.id}, gen_random_uuid(), ${platform}, 'published', ${at})`;
  }
};

type Row = { date: string; platform: string; posts: number; impressions: number; reach: number; engagements: number };
const rowsOf = (csv: string): Row[] =>
  csv
    .trimEnd()
    .split("\r\n")
    .slice(1)
    .map((line) => {
      const [date, platform, posts, impressions, reach, engagements] = line.split(",");
      return { date: date!, platform: platform!, posts: Number(posts), impressions: Number(impressions), reach: Number(reach), engagements: Number(engagements) };
    });

describe("the Analytics export", () => {
  it("given posts on several platforms and days, the CSV has a row per platform and local day whose sums are the Analytics figures of the period", async () => {
    const { browser, user } = await signUp(app.server.url, { timeZone: TIME_ZONE });
    const late = daysAgo(2, 3); // 03:00 UTC: the evening before in New York
    const noon = daysAgo(2, 16);
    // Listed on Instagram too, but went out on Facebook only: Facebook's row alone.
    await seed(user, late, ["facebook", "instagram"], { facebook: { likes: 4, shares: 1 } }, ["facebook"]);
    await seed(user, noon, ["facebook", "linkedin"], { facebook: { likes: 2 }, linkedin: { comments: 3 } });
    await seed(user, noon, ["linkedin"], { linkedin: { likes: 5 } });
    await seed(user, daysAgo(9, 15), ["twitter"], { twitter: { likes: 7 } });
    await seed(user, daysAgo(45, 15), ["twitter"], { twitter: { likes: 99 } }); // before the 30 days

    const csv = await browser.get("/api/analytics/export?format=csv&period=30d");
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="socialdesk-analytics-30d-${localDay(new Date())}.csv"`);
    expect(csv.headers.get("cache-control")).toContain("no-store");
    expect(csv.text.split("\r\n")[0]).toBe("Date,Platform,Posts,Impressions (estimated),Reach (estimated),Engagements");
    const rows = rowsOf(csv.text);
    expect(localDay(late)).not.toBe(localDay(noon));
    expect(rows).toEqual([
      { date: localDay(daysAgo(9, 15)), platform: "X (Twitter)", posts: 1, impressions: 350, reach: 210, engagements: 7 },
      { date: localDay(late), platform: "Facebook", posts: 1, impressions: 250, reach: 150, engagements: 5 },
      { date: localDay(noon), platform: "Facebook", posts: 1, impressions: 100, reach: 60, engagements: 2 },
      { date: localDay(noon), platform: "LinkedIn", posts: 2, impressions: 400, reach: 240, engagements: 8 },
    ]);

    // The same figures as the Analytics screen's: each platform's row, each day's bar, the totals.
    const analytics = (await browser.get("/api/analytics?period=30d")).data;
    const byPlatform = Object.groupBy(rows, (r) => r.platform);
    const names: Record<string, string> = { facebook: "Facebook", linkedin: "LinkedIn", twitter: "X (Twitter)" };
    expect(analytics.platforms).toHaveLength(3);
    for (const p of analytics.platforms as Array<{ platform: string; posts: number; engagements: number }>) {
      const its = byPlatform[names[p.platform]!]!;
      expect([its.reduce((n, r) => n + r.posts, 0), its.reduce((n, r) => n + r.engagements, 0)], p.platform).toEqual([p.posts, p.engagements]);
    }
    for (const bucket of analytics.buckets as Array<{ start: string; engagements: number }>) {
      expect(rows.filter((r) => r.date === bucket.start).reduce((n, r) => n + r.engagements, 0), bucket.start).toBe(bucket.engagements);
    }
    expect(rows.reduce((n, r) => n + r.engagements, 0)).toBe(analytics.totals.engagements);
    expect(rows.reduce((n, r) => n + r.impressions, 0)).toBe(analytics.totals.impressions);
    expect(rows.reduce((n, r) => n + r.reach, 0)).toBe(analytics.totals.reach);
    // A post on two platforms is a row on each.
    expect(analytics.totals.posts).toBe(4);
    expect(rows.reduce((n, r) => n + r.posts, 0)).toBe(5);

    // The year takes the older post too; a week has none of these days but the last ones.
    const year = rowsOf((await browser.get("/api/analytics/export?format=csv&period=365d")).text);
    expect(year).toHaveLength(5);
    expect(year[0]).toMatchObject({ date: localDay(daysAgo(45, 15)), platform: "X (Twitter)", engagements: 99 });
    expect(rowsOf((await browser.get("/api/analytics/export?format=csv&period=7d")).text).map((r) => r.date)).toEqual([localDay(late), localDay(noon), localDay(noon)]);

    // Another workspace exports nothing of these.
    const stranger = (await signUp(app.server.url)).browser;
    const empty = await stranger.get("/api/analytics/export?format=csv&period=365d");
    expect(empty.text).toBe("Date,Platform,Posts,Impressions (estimated),Reach (estimated),Engagements\r\n");
  });

  it("given rows for more than a page, the PDF is A4 with the totals, the chart and every row, the table flowing onto the next pages", async () => {
    const { browser, user } = await signUp(app.server.url, { timeZone: TIME_ZONE });
    // 70 days with a Bluesky post each, and a Facebook post on one of them.
    const [{ workspace_id: workspaceId }] = await app.sql`select workspace_id from users where id = ${user.id}`;
    await app.sql`
      insert into posts (id, workspace_id, author_id, content, platforms, status, published_at, time_zone, engagement, created_at, updated_at)
      select gen_random_uuid(), ${workspaceId}, ${user.id}, 'daily', '{bluesky}', 'published', at, 'UTC', jsonb_build_object('bluesky', jsonb_build_object('likes', n)), at, now()
      from generate_series(1, 70) as n, lateral (select date_trunc('day', now()) - make_interval(days => n) + interval '15 hours' as at) t`;
    await seed(user, daysAgo(3, 15), ["facebook"], { facebook: { likes: 10, comments: 2 } });

    const csv = rowsOf((await browser.get("/api/analytics/export?format=csv&period=90d")).text);
    expect(csv).toHaveLength(71);
    const analytics = (await browser.get("/api/analytics?period=90d")).data;

    const pdf = await browser.get("/api/analytics/export?format=pdf&period=90d");
    expect(pdf.status, pdf.text.slice(0, 300)).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="socialdesk-analytics-90d-${localDay(new Date())}.pdf"`);
    expect(pdf.buffer.subarray(0, 5).toString()).toBe("%PDF-");
    const raw = pdf.buffer.toString("latin1");
    expect(raw.match(/\/MediaBox \[ 0 0 595\.28 841\.89 \]/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    const text = pdfText(pdf.buffer);
    expect(text.slice(0, 3)).toEqual(["SocialDesk", "Analytics", "Analytics: Last 3 months"]);
    const count = (n: number) => n.toLocaleString("en-US");
    // The screen's totals.
    expect(text).toEqual(
      expect.arrayContaining([
        "Posts published",
        count(analytics.totals.posts),
        count(analytics.totals.impressions),
        count(analytics.totals.reach),
        count(analytics.totals.engagements),
        analytics.totals.engagementRate,
        "Engagements per week",
      ]),
    );
    // Every row of the CSV, in order, and their total.
    const dates = text.filter((t) => /^\d{4}-\d{2}-\d{2}$/.test(t));
    expect(dates.slice(-71)).toEqual(csv.map((r) => r.date));
    const at = text.lastIndexOf(csv.at(-1)!.date);
    expect(text.slice(at, at + 6)).toEqual([csv.at(-1)!.date, csv.at(-1)!.platform, "1", count(csv.at(-1)!.impressions), count(csv.at(-1)!.reach), count(csv.at(-1)!.engagements)]);
    const total = text.indexOf("Total");
    expect(text.slice(total, total + 5)).toEqual(["Total", "71", count(csv.reduce((n, r) => n + r.impressions, 0)), count(csv.reduce((n, r) => n + r.reach, 0)), count(csv.reduce((n, r) => n + r.engagements, 0))]);
    // The header again on the following page, and the page numbers.
    expect(text.filter((t) => t === "Reach (est.)").length).toBeGreaterThanOrEqual(3);
    expect(text.some((t) => /Page 2 of [23]$/.test(t))).toBe(true);
  });

  it("given a wrong format or period, a 400 names the field; signed out, a 401", async () => {
    const { browser } = await signUp(app.server.url);
    for (const [query, field, message] of [
      ["period=30d", "format", "Choose a format: csv or pdf."],
      ["format=xlsx&period=30d", "format", "Choose a format: csv or pdf."],
      ["format=csv&period=1y", "period", "Choose a period: 7d, 30d, 90d or 365d."],
      ["format=pdf&period=", "period", "Choose a period: 7d, 30d, 90d or 365d."],
    ] as const) {
      const refused = await browser.get(`/api/analytics/export?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.data.errors, query).toEqual({ [field]: message });
      expect(refused.data.detail, query).toBe(message);
    }
    const signedOut = await new Browser(app.server.url).get("/api/analytics/export?format=csv&period=30d");
    expect(signedOut.status).toBe(401);
    expect(signedOut.data.detail).toBe("Please sign in to continue.");
  });
});
