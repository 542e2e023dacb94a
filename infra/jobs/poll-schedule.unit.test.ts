import { describe, expect, it } from "vitest";
import { backoffMs } from "./poll-schedule";

describe("backing off a failed poll (inbox, listening, reviews)", () => {
  it("doubles from a minute to at most an hour, and never waits less than the platform asked", () => {
    expect([1, 2, 3, 4, 7, 20].map((failures) => backoffMs(failures) / 60_000)).toEqual([1, 2, 4, 8, 60, 60]);
    expect(backoffMs(1, 900)).toBe(900_000);
    expect(backoffMs(7, 30)).toBe(3_600_000);
  });
});
