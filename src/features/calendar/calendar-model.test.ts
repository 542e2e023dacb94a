import { describe, expect, it } from "vitest";
import { dayOfPost, gridDays, instantRange, moveKeepingTime, noteColorClass, shiftAnchor, titleOf, weekTitleOf, whenOf } from "./calendar-model";

describe("calendar model", () => {
  it("lays a month out in whole Sunday-first weeks", () => {
    const days = gridDays("2026-11-21", "month");
    expect(days[0]).toBe("2026-11-01");
    expect(days.at(-1)).toBe("2026-12-05");
    expect(days.length % 7).toBe(0);
    expect(gridDays("2026-11-18", "week")).toEqual(["2026-11-15", "2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"]);
    expect(titleOf("2026-11-21")).toBe("November 2026");
    expect(shiftAnchor("2026-01-31", "month", 1)).toBe("2026-02-01");
  });

  it("places a post by scheduledAt, else publishedAt, else createdAt, in the zone", () => {
    const post = { status: "scheduled", scheduledAt: "2026-11-22T03:00:00Z", publishedAt: null, createdAt: "2026-11-01T12:00:00Z" };
    expect(dayOfPost(post, "America/Los_Angeles")).toBe("2026-11-21");
    expect(dayOfPost({ ...post, scheduledAt: null }, "UTC")).toBe("2026-11-01");
    expect(instantRange(["2026-11-01", "2026-11-02"], "Europe/Paris")).toEqual({ from: "2026-10-31T23:00:00.000Z", to: "2026-11-02T23:00:00.000Z" });
  });

  it("moves a time to another day keeping the wall clock, across a DST change", () => {
    expect(moveKeepingTime("2026-10-30T14:30:00Z", "2026-11-03", "America/New_York")).toBe("2026-11-03T15:30:00.000Z");
    expect(noteColorClass("#60a5fa")).toBe("cal-color-60A5FA");
    expect(noteColorClass("#123456")).toBe("cal-color-FBBF24");
  });

  it("given a week, when titled, then it names its dates, across a month or a year", () => {
    expect(weekTitleOf(gridDays("2026-11-25", "week"))).toBe("Nov 22 – 28, 2026");
    expect(weekTitleOf(gridDays("2026-12-01", "week"))).toBe("Nov 29 – Dec 5, 2026");
    expect(weekTitleOf(gridDays("2026-12-31", "week"))).toBe("Dec 27, 2026 – Jan 2, 2027");
  });
});
