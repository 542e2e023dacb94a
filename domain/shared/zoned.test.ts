import { describe, expect, it } from "vitest";
import { instantAt, localDayOf, wallClockOf } from "./zoned";

describe("zoned wall clocks (Intl time-zone data)", () => {
  it("given an instant, then its wall clock in New York, Kolkata and Chatham", () => {
    const at = new Date("2026-11-24T03:37:00Z");
    expect(wallClockOf(at, "America/New_York")).toEqual({ year: 2026, month: 11, day: 23, hours: 22, minutes: 37 });
    expect(wallClockOf(at, "Asia/Kolkata")).toEqual({ year: 2026, month: 11, day: 24, hours: 9, minutes: 7 });
    expect(localDayOf(at, "Pacific/Chatham")).toBe("2026-11-24");
  });

  it("given a wall clock, then the instant it names, and back", () => {
    expect(instantAt({ year: 2026, month: 11, day: 25, hours: 9, minutes: 37 }, "Asia/Kolkata").toISOString()).toBe("2026-11-25T04:07:00.000Z");
    expect(instantAt({ year: 2026, month: 7, day: 1, hours: 14, minutes: 15 }, "America/New_York").toISOString()).toBe("2026-07-01T18:15:00.000Z");
    expect(instantAt({ year: 2026, month: 1, day: 31, hours: 24, minutes: 0 }, "UTC").toISOString()).toBe("2026-02-01T00:00:00.000Z");
  });

  it("given the hour skipped when clocks go forward, then the time moves forward by that hour", () => {
    // New York, 8 March 2026: 02:00 EST jumps to 03:00 EDT.
    expect(instantAt({ year: 2026, month: 3, day: 8, hours: 2, minutes: 30 }, "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(wallClockOf(new Date("2026-03-08T07:30:00Z"), "America/New_York")).toMatchObject({ hours: 3, minutes: 30 });
  });

  it("given a time that happens twice when clocks go back, then the first of the two, west and east of Greenwich", () => {
    // New York, 1 November 2026: 01:30 EDT, then 01:30 EST.
    expect(instantAt({ year: 2026, month: 11, day: 1, hours: 1, minutes: 30 }, "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
    // London, 25 October 2026: 01:30 BST, then 01:30 GMT.
    expect(instantAt({ year: 2026, month: 10, day: 25, hours: 1, minutes: 30 }, "Europe/London").toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });
});
