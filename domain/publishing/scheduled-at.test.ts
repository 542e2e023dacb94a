import { Effect, Exit } from "effect";
import { describe, expect, it } from "vitest";
import { isInPast, readScheduledAt } from "./scheduled-at";

const read = (input: string, tz = "America/New_York") => {
  const exit = Effect.runSyncExit(readScheduledAt(input, tz));
  return Exit.isSuccess(exit) ? exit.value.toISOString() : "invalid";
};

describe("readScheduledAt", () => {
  it.each([
    ["2026-06-01T09:00:00Z", "America/New_York", "2026-06-01T09:00:00.000Z"],
    ["2026-06-01T09:00:00+02:00", "America/New_York", "2026-06-01T07:00:00.000Z"],
    ["2026-06-01T09:00:00.500-0500", "America/New_York", "2026-06-01T14:00:00.500Z"],
    ["2026-06-01T09:00", "America/New_York", "2026-06-01T13:00:00.000Z"], // EDT
    ["2026-01-15T09:00:00", "America/New_York", "2026-01-15T14:00:00.000Z"], // EST
    ["2026-01-15T09:00:00", "Asia/Tokyo", "2026-01-15T00:00:00.000Z"],
    ["2026-03-08T02:30", "America/New_York", "2026-03-08T07:30:00.000Z"], // skipped hour: 03:30 EDT
    ["2026-11-01T01:30", "America/New_York", "2026-11-01T05:30:00.000Z"], // twice: the first (EDT)
    ["2028-02-29T10:00", "America/New_York", "2028-02-29T15:00:00.000Z"],
    ["2026-02-29T10:00", "America/New_York", "invalid"],
    ["2026-13-01T10:00", "America/New_York", "invalid"],
    ["2026-06-01T24:00", "America/New_York", "invalid"],
    ["tomorrow", "America/New_York", "invalid"],
    ["2026-06-01", "America/New_York", "invalid"],
    ["2026-06-01T09:00", "Mars/Olympus", "invalid"],
  ])("%s in %s is %s", (input, tz, expected) => expect(read(input, tz)).toBe(expected));

  it("says what is wrong", () => {
    const exit = Effect.runSyncExit(readScheduledAt("tomorrow", "America/New_York"));
    expect(JSON.stringify(exit)).toContain("is not a date and time (expected YYYY-MM-DDTHH:mm)");
  });

  it("isInPast", () => {
    const now = new Date("2026-06-01T12:00:00Z");
    expect(isInPast(new Date("2026-06-01T11:59:59Z"), now)).toBe(true);
    expect(isInPast(now, now)).toBe(false);
  });
});
