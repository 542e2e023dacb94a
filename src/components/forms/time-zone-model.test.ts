import { describe, expect, it } from "vitest";
import { COMMON_TIME_ZONES } from "../../../domain/identity/timezones";
import { choiceText, cityOf, searchZones, zoneChoices, zoneOf, zoneOffset } from "./time-zone-model";

const runtime = Intl.supportedValuesOf("timeZone");

describe("the time-zone field's choices", () => {
  it("given the runtime's zones, then the spec's seven first in the spec's order, then every other zone A to Z, each once", () => {
    const choices = zoneChoices(runtime);
    expect(choices.slice(0, 7).map((z) => z.id)).toEqual(COMMON_TIME_ZONES.map((z) => z.id));
    expect(choices.slice(0, 7).every((z) => z.common)).toBe(true);
    const rest = choices.slice(7).map((z) => z.id);
    expect(rest).toEqual([...rest].sort());
    expect(new Set(choices.map((z) => z.id)).size).toBe(choices.length);
    expect(rest).toContain("UTC");
    expect(rest).not.toContain("Europe/Paris");
    expect(choices.length).toBeGreaterThan(300);
  });

  it("given a runtime that lists old names, then IANA's current name, found by the old one too", () => {
    const choices = zoneChoices(["Asia/Calcutta", "Europe/Kiev", "Europe/Paris"]);
    expect(choices.slice(7)).toEqual([
      { id: "Asia/Kolkata", label: "Asia/Kolkata", common: false, alias: "Asia/Calcutta" },
      { id: "Europe/Kyiv", label: "Europe/Kyiv", common: false, alias: "Europe/Kiev" },
      { id: "UTC", label: "UTC", common: false, alias: null },
    ]);
    expect(searchZones(choices, "calcutta").map((z) => z.id)).toEqual(["Asia/Kolkata"]);
  });

  it("given names with underscores, then the list shows spaces", () => {
    expect(zoneChoices(["America/Argentina/Buenos_Aires"]).at(-2)?.label).toBe("America/Argentina/Buenos Aires");
  });
});

describe("searching the zones", () => {
  const choices = zoneChoices(runtime);

  it("given part of a city in any case, then its zone", () => {
    expect(searchZones(choices, "kolk").map((z) => z.id)).toEqual(["Asia/Kolkata"]);
    expect(searchZones(choices, "BUENOS aires").map((z) => z.id)).toContain("America/Argentina/Buenos_Aires");
  });

  it("given a word of one of the seven's labels, then that zone", () => {
    expect(searchZones(choices, "eastern").map((z) => z.id)).toEqual(["America/New_York"]);
  });

  it("given text, then zones where a word starts with it before those where it is inside a word", () => {
    const found = searchZones(choices, "ton").map((z) => z.id);
    expect(found).toContain("America/Edmonton");
    expect(found.indexOf("Pacific/Tongatapu")).toBeLessThan(found.indexOf("America/Edmonton"));
  });

  it("given an offset, then the zones at that offset", () => {
    const offsets: Record<string, string> = { "Asia/Kolkata": "GMT+5:30", "Asia/Colombo": "GMT+5:30", "Asia/Tokyo": "GMT+9" };
    expect(searchZones(choices, "gmt+5:30", (zone) => offsets[zone] ?? "").map((z) => z.id)).toEqual(["Asia/Colombo", "Asia/Kolkata"]);
  });

  it("given nothing typed, then every zone; given a made-up name, then none", () => {
    expect(searchZones(choices, "  ")).toHaveLength(choices.length);
    expect(searchZones(choices, "Atlantis")).toEqual([]);
  });
});

describe("the zone a typed text names", () => {
  it("given a zone's name in any case or with spaces, then that zone", () => {
    expect(zoneOf("europe/paris")).toBe("Europe/Paris");
    expect(zoneOf("America/Los Angeles")).toBe("America/Los_Angeles");
    expect(zoneOf(" Pacific/Chatham ")).toBe("Pacific/Chatham");
  });
  it("given one of the seven's labels, then its zone", () => {
    expect(zoneOf("Eastern Time (New York)")).toBe("America/New_York");
    expect(zoneOf("tokyo")).toBe("Asia/Tokyo");
  });
  it("given an old name, then IANA's current one", () => {
    expect(zoneOf("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(zoneOf("asia/kolkata")).toBe("Asia/Kolkata");
  });
  it("given no zone, an offset or a made-up name, then none", () => {
    for (const text of ["", "  ", "+05:30", "Nowhere/Atlantis", "Eastern"]) expect(zoneOf(text)).toBeNull();
  });
});

describe("a zone's offset", () => {
  it("given a zone and an instant, then its offset from GMT then, as people read it", () => {
    const winter = new Date("2026-01-15T12:00:00Z");
    const summer = new Date("2026-07-15T12:00:00Z");
    expect(zoneOffset("Asia/Kolkata", winter)).toBe("GMT+5:30");
    expect(zoneOffset("America/New_York", winter)).toBe("GMT-5");
    expect(zoneOffset("America/New_York", summer)).toBe("GMT-4");
    expect(zoneOffset("UTC", winter)).toBe("GMT");
  });
});

describe("the picker that works without JavaScript", () => {
  it("given a zone, then its city, its current IANA name and its offset; the spec's seven by their label; UTC by itself", () => {
    const choices = zoneChoices(["Africa/Asmera", "America/Argentina/Buenos_Aires"]);
    const text = (id: string, offset: string) => choiceText(choices.find((z) => z.id === id)!, offset);
    expect(text("Africa/Asmara", "GMT+3")).toBe("Asmara · Africa/Asmara · GMT+3");
    expect(text("America/Argentina/Buenos_Aires", "GMT-3")).toBe("Buenos Aires · America/Argentina/Buenos_Aires · GMT-3");
    expect(text("America/New_York", "GMT-5")).toBe("Eastern Time (New York) · GMT-5");
    expect(text("UTC", "GMT")).toBe("UTC · GMT");
    expect(cityOf("Asia/Ho_Chi_Minh")).toBe("Ho Chi Minh");
  });

  it("given the runtime's zones, then no deprecated name is offered", () => {
    const ids = zoneChoices(Intl.supportedValuesOf("timeZone")).map((z) => z.id);
    for (const old of ["Africa/Asmera", "Asia/Calcutta", "Europe/Kiev", "Asia/Saigon", "America/Godthab"]) expect(ids).not.toContain(old);
    expect(ids).toEqual(expect.arrayContaining(["Africa/Asmara", "Asia/Kolkata", "Europe/Kyiv", "Asia/Ho_Chi_Minh", "America/Nuuk"]));
  });
});
