import { describe, expect, it } from "vitest";
import { canonicalTimeZone, isTimeZone } from "./timezones";

describe("canonicalTimeZone", () => {
  it.each<[string, string | null]>([
    ["America/New_York", "America/New_York"],
    ["UTC", "UTC"],
    ["US/Pacific", "America/Los_Angeles"],
    // Gone from the tz data PostgreSQL ships; stored under the zone it named.
    ["US/Pacific-New", "America/Los_Angeles"],
    // IANA's current names, whichever spelling the runtime's ICU lists.
    ["Asia/Kolkata", "Asia/Kolkata"],
    ["Asia/Calcutta", "Asia/Kolkata"],
    ["Europe/Kyiv", "Europe/Kyiv"],
    ["Europe/Kiev", "Europe/Kyiv"],
    // Offsets: PostgreSQL reads "+05:30" as five and a half hours west.
    ["+0530", null],
    ["-14:00", null],
    ["Mars/Olympus", null],
    ["../../etc/passwd", null],
    ["", null],
  ])("%j → %j", (zone, expected) => {
    expect(canonicalTimeZone(zone)).toBe(expected);
    expect(isTimeZone(zone)).toBe(expected !== null);
  });
});
