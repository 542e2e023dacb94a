import { describe, expect, it } from "vitest";
import { COMMON_TIME_ZONES } from "../../../domain/identity/timezones";
import { zoneOf } from "./ScheduleSection";

const all = Intl.supportedValuesOf("timeZone");

describe("the compose time-zone field", () => {
  it("given a zone's name in any case or with spaces, then that zone", () => {
    expect(zoneOf("europe/paris", COMMON_TIME_ZONES, all)).toBe("Europe/Paris");
    expect(zoneOf("America/Los Angeles", COMMON_TIME_ZONES, all)).toBe("America/Los_Angeles");
    expect(zoneOf("Pacific/Chatham", COMMON_TIME_ZONES, all)).toBe("Pacific/Chatham");
  });
  it("given one of the spec's labels, then its zone", () => {
    expect(zoneOf("Eastern Time (New York)", COMMON_TIME_ZONES, all)).toBe("America/New_York");
    expect(zoneOf("Tokyo", COMMON_TIME_ZONES, all)).toBe("Asia/Tokyo");
  });
  it("given a name the list spells otherwise, then the browser's own name for it", () => {
    expect(zoneOf("Asia/Kolkata", COMMON_TIME_ZONES, ["Asia/Calcutta"])).toMatch(/^Asia\/(Kolkata|Calcutta)$/);
  });
  it("given no zone, an offset or a made-up name, then none", () => {
    for (const text of ["", "  ", "+05:30", "Nowhere/Atlantis", "Eastern"]) expect(zoneOf(text, COMMON_TIME_ZONES, all)).toBeNull();
  });
});
