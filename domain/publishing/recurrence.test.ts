import { describe, expect, it } from "vitest";
import { checkRecurrenceRule, nextOccurrenceAfter, nextOccurrences, nthWeekdayOfMonth, type RecurrenceRule } from "./recurrence";

const NY = "America/New_York";
const never = { type: "never" } as const;
const iso = (dates: ReadonlyArray<Date>) => dates.map((d) => d.toISOString());

describe("recurrence", () => {
  it.each<[string, RecurrenceRule, string, number, ReadonlyArray<string>]>([
    // Clocks go forward on Sunday 2026-03-08: 09:00 stays 09:00 (14:00Z, then 13:00Z).
    ["daily across spring forward", { frequency: "daily", end: never }, "2026-03-07T14:00:00Z", 3, ["2026-03-07T14:00:00.000Z", "2026-03-08T13:00:00.000Z", "2026-03-09T13:00:00.000Z"]],
    // Clocks go back on Sunday 2026-11-01.
    ["daily across fall back", { frequency: "daily", end: never }, "2026-10-31T13:00:00Z", 3, ["2026-10-31T13:00:00.000Z", "2026-11-01T14:00:00.000Z", "2026-11-02T14:00:00.000Z"]],
    ["weekly on Sundays over the DST week", { frequency: "weekly", weekdays: [0], end: never }, "2026-03-01T14:00:00Z", 2, ["2026-03-01T14:00:00.000Z", "2026-03-08T13:00:00.000Z"]],
    ["weekly Mon and Wed from a Tuesday", { frequency: "weekly", weekdays: [1, 3], end: never }, "2026-11-03T14:00:00Z", 3, ["2026-11-04T14:00:00.000Z", "2026-11-09T14:00:00.000Z", "2026-11-11T14:00:00.000Z"]],
    ["monthly last Monday", { frequency: "monthly", ordinal: "last", weekday: 1, end: never }, "2026-01-01T14:00:00Z", 4, ["2026-01-26T14:00:00.000Z", "2026-02-23T14:00:00.000Z", "2026-03-30T13:00:00.000Z", "2026-04-27T13:00:00.000Z"]],
    ["monthly 1st Sunday (the month's first day)", { frequency: "monthly", ordinal: "1st", weekday: 0, end: never }, "2026-02-01T14:00:00Z", 2, ["2026-02-01T14:00:00.000Z", "2026-03-01T14:00:00.000Z"]],
    ["monthly 2nd Sunday is the spring-forward day", { frequency: "monthly", ordinal: "2nd", weekday: 0, end: never }, "2026-02-01T14:00:00Z", 2, ["2026-02-08T14:00:00.000Z", "2026-03-08T13:00:00.000Z"]],
    ["monthly last Sunday of a leap February", { frequency: "monthly", ordinal: "last", weekday: 0, end: { type: "after", count: 1 } }, "2028-02-01T14:00:00Z", 5, ["2028-02-27T14:00:00.000Z"]],
    ["ends after 2", { frequency: "daily", end: { type: "after", count: 2 } }, "2026-05-01T13:00:00Z", 10, ["2026-05-01T13:00:00.000Z", "2026-05-02T13:00:00.000Z"]],
    ["ends on a date, inclusive", { frequency: "daily", end: { type: "on", date: "2026-05-03" } }, "2026-05-01T13:00:00Z", 10, ["2026-05-01T13:00:00.000Z", "2026-05-02T13:00:00.000Z", "2026-05-03T13:00:00.000Z"]],
    ["late evening keeps its local date (Thursday 22:00 is Friday in UTC)", { frequency: "weekly", weekdays: [4], end: never }, "2026-01-02T03:00:00Z", 2, ["2026-01-02T03:00:00.000Z", "2026-01-09T03:00:00.000Z"]],
  ])("%s", (_name, rule, start, count, expected) => expect(iso(nextOccurrences(rule, new Date(start), NY, count))).toEqual(expected));

  it.each<[number, number, "1st" | "2nd" | "3rd" | "4th" | "last", 0 | 1 | 2 | 3 | 4 | 5 | 6, number]>([
    [2026, 2, "last", 6, 28], // February 2026 ends on a Saturday
    [2024, 2, "last", 4, 29], // leap year: Thursday the 29th
    [2026, 8, "last", 1, 31], // August 31st, a Monday
    [2026, 5, "last", 1, 25], // Memorial Day
    [2026, 11, "4th", 4, 26], // Thanksgiving
    [2026, 3, "1st", 0, 1],
  ])("%i-%i: %s weekday %i is the %i", (y, m, ordinal, weekday, day) => expect(nthWeekdayOfMonth(y, m, ordinal, weekday)).toBe(day));

  it("a missed time of a recurring post is skipped, and the count ends it", () => {
    const rule: RecurrenceRule = { frequency: "daily", end: { type: "after", count: 3 } };
    const anchor = new Date("2026-03-01T14:00:00Z");
    expect(nextOccurrenceAfter(rule, { anchor, after: new Date("2026-03-10T00:00:00Z"), occurrence: 1, timeZone: NY })?.toISOString()).toBe("2026-03-10T13:00:00.000Z");
    expect(nextOccurrenceAfter(rule, { anchor, after: anchor, occurrence: 3, timeZone: NY })).toBeNull();
  });

  it("a time skipped by spring forward moves an hour later that day only", () => {
    const got = nextOccurrences({ frequency: "daily", end: never }, new Date("2026-03-07T07:30:00Z"), NY, 3); // 02:30 EST
    expect(iso(got)).toEqual(["2026-03-07T07:30:00.000Z", "2026-03-08T07:30:00.000Z", "2026-03-09T06:30:00.000Z"]);
  });
});

describe("checkRecurrenceRule", () => {
  it.each<[string, RecurrenceRule, string | null]>([
    ["daily, never ending", { frequency: "daily", end: never }, null],
    ["weekly without days", { frequency: "weekly", weekdays: [], end: never }, "Choose at least one day of the week"],
    ["after 0 times", { frequency: "daily", end: { type: "after", count: 0 } }, "Repeat at least once"],
    ["after 1000 times", { frequency: "daily", end: { type: "after", count: 1000 } }, null],
    ["after 1001 times", { frequency: "daily", end: { type: "after", count: 1001 } }, "Repeat at most 1000 times, or choose an end date"],
    ["an end date not a date", { frequency: "daily", end: { type: "on", date: "soon" } }, "Choose an end date that exists on the calendar, like 2030-02-28"],
    ["an end date of 30 February", { frequency: "daily", end: { type: "on", date: "2030-02-30" } }, "Choose an end date that exists on the calendar, like 2030-02-28"],
    ["an end date of 29 February in a leap year", { frequency: "daily", end: { type: "on", date: "2028-02-29" } }, null],
  ])("%s", (_name, rule, expected) => expect(checkRecurrenceRule(rule)).toBe(expected));

  it("refuses an end date before the first publication's day, read in the post's zone", () => {
    const rule = (date: string): RecurrenceRule => ({ frequency: "daily", end: { type: "on", date } });
    // 2030-01-01 03:00 UTC is still 31 December in New York.
    const first = { at: new Date("2030-01-01T03:00:00Z"), timeZone: NY };
    expect(checkRecurrenceRule(rule("2029-12-31"), first)).toBeNull();
    expect(checkRecurrenceRule(rule("2029-12-30"), first)).toBe("The end date is before the first publication");
  });
});
