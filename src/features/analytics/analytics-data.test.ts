import { describe, expect, it } from "vitest";
import { sandboxEngagement } from "../../../infra/publishing/engagement";
import { buckets, chartGeometry, type DayTotal, estimates, formatCount, periodDays, periodOf } from "./analytics-data";
import { describeEvent } from "./post-history";

describe("analytics estimates (spec core §9)", () => {
  it("derives impressions, clicks and reach from the engagement sum and the rate with 1 decimal", () => {
    expect(estimates(120)).toEqual({ engagements: 120, impressions: 6000, clicks: 360, reach: 3600, engagementRate: "2.0%" });
    expect(estimates(0)).toEqual({ engagements: 0, impressions: 0, clicks: 0, reach: 0, engagementRate: "0.0%" });
  });

  it("shortens numbers with K and M", () => {
    expect(formatCount(estimates(20).impressions)).toBe("1K");
    expect(formatCount(estimates(31).impressions)).toBe("1.6K");
    expect(formatCount(estimates(20_000).impressions)).toBe("1M");
    expect(formatCount(999)).toBe("999");
  });

  it("reads the period of the query, last 30 days by default", () => {
    expect(periodOf("7d").label).toBe("Last 7 days");
    expect(periodOf("365d").label).toBe("Last year");
    expect(periodOf("nonsense").label).toBe("Last 30 days");
    expect(periodOf(null).id).toBe("30d");
  });
});

describe("analytics figures", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  const days: DayTotal[] = [
    { day: "2026-03-10", posts: 1, engagements: 5 },
    { day: "2026-03-09", posts: 1, engagements: 12 },
    { day: "2026-03-01", posts: 1, engagements: 0 },
    { day: "2026-03-11", posts: 4, engagements: 40 },
  ];

  it("puts each day's sums in its bucket: days, weeks ending today, calendar months; nothing after today", () => {
    const week = buckets(days, periodOf("7d"), now, "UTC");
    expect(week).toHaveLength(7);
    expect(week.at(-1)).toMatchObject({ start: "2026-03-10", label: "Mar 10", posts: 1, engagements: 5 });
    expect(week.at(-2)).toMatchObject({ start: "2026-03-09", posts: 1, engagements: 12 });
    expect(week.reduce((s, d) => s + d.posts, 0)).toBe(2);
    const quarter = buckets(days, periodOf("90d"), now, "UTC");
    expect(quarter).toHaveLength(13);
    expect(quarter.at(-1)).toMatchObject({ start: "2026-03-04", label: "Week of Mar 4", posts: 2, engagements: 17 });
    expect(quarter.at(-2)).toMatchObject({ start: "2026-02-25", posts: 1 });
    expect(buckets(days, periodOf("365d"), now, "UTC").at(-1)).toMatchObject({ start: "2026-03-01", label: "Mar 2026", posts: 3, engagements: 17 });
  });

  it("says which local days a period covers, in the user's zone", () => {
    expect(periodDays(periodOf("7d"), now, "UTC")).toEqual({ first: "2026-03-04", today: "2026-03-10" });
    expect(periodDays(periodOf("365d"), now, "UTC")).toEqual({ first: "2025-04-01", today: "2026-03-10" });
    expect(periodDays(periodOf("7d"), new Date("2026-03-10T02:00:00Z"), "America/New_York")).toEqual({ first: "2026-03-03", today: "2026-03-09" });
  });

  it("draws bars no higher than the chart", () => {
    const g = chartGeometry(buckets(days, periodOf("7d"), now, "UTC"));
    expect(g.bars).toHaveLength(7);
    expect(g.max).toBeGreaterThanOrEqual(12);
    for (const bar of g.bars) expect(bar.y).toBeGreaterThanOrEqual(0);
  });
});

describe("sandbox engagement", () => {
  it("is deterministic per post and grows with time since publishing", () => {
    const publishedAt = new Date("2026-03-01T00:00:00Z");
    const early = sandboxEngagement("p1", "a1", publishedAt, new Date("2026-03-01T00:05:00Z"));
    const later = sandboxEngagement("p1", "a1", publishedAt, new Date("2026-03-05T00:00:00Z"));
    expect(sandboxEngagement("p1", "a1", publishedAt, new Date("2026-03-01T00:05:00Z"))).toEqual(early);
    expect(early.likes).toBeGreaterThanOrEqual(1);
    expect(later.likes).toBeGreaterThan(early.likes);
    expect(later.shares).toBeGreaterThanOrEqual(early.shares);
  });
});

describe("post history lines", () => {
  it("says who, what and which account", () => {
    const line = describeEvent(
      {
        type: "PostPublishedToAccount",
        at: "2026-03-06T14:00:02.000Z",
        actorId: null,
        data: { accountId: "a1", platform: "bluesky", url: "https://bsky.app/x" },
      },
      "America/New_York",
      { users: {}, accounts: { a1: { name: "Lee", platform: "bluesky" } }, platforms: { bluesky: "Bluesky" } },
    );
    expect(line).toMatchObject({ what: "Published", who: "SocialDesk", account: "Bluesky (Lee)", url: "https://bsky.app/x" });
    expect(line.when).toContain("9:00 AM");
    const drafted = describeEvent({ type: "PostDrafted", at: "2026-03-06T14:00:00.000Z", actorId: "u1", data: {} }, "UTC", {
      users: { u1: "Sam Lee" },
      accounts: {},
      platforms: {},
    });
    expect(drafted).toMatchObject({ what: "Created as a draft", who: "Sam Lee", account: null });
  });

  it("names who decided an approval: a person of the team, or the client by the name they gave", () => {
    const names = { users: { u1: "Lee Park" }, accounts: {}, platforms: {} };
    const at = "2026-03-06T14:00:00.000Z";
    expect(describeEvent({ type: "PostApproved", at, actorId: "u1", data: { approvedAt: at } }, "UTC", names)).toMatchObject({
      what: "Approved",
      who: "Lee Park",
    });
    expect(
      describeEvent({ type: "PostChangesRequested", at, actorId: null, data: { comment: "New logo", reviewer: "Jane Smith" } }, "UTC", names),
    ).toMatchObject({
      what: "Changes requested: “New logo”",
      who: "Jane Smith (client)",
    });
    expect(describeEvent({ type: "PostSubmittedForApproval", at, actorId: "u1", data: { scheduledAt: null, timeZone: "UTC" } }, "UTC", names).what).toBe(
      "Submitted for approval, to go out once approved",
    );
  });
});
