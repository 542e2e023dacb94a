import { describe, expect, it } from "vitest";
import type { PlatformId } from "../../../domain/accounts";
import { filterPlatforms, noMatchMessage, shownCount } from "./connect-accounts-model";

const platforms = [
  { id: "facebook", name: "Facebook", category: "social" },
  { id: "youtube", name: "YouTube", category: "social" },
  { id: "bluesky", name: "Bluesky", category: "social" },
  { id: "google_business", name: "Google Business Profile", category: "review" },
  { id: "yelp", name: "Yelp", category: "review" },
] as const;
const names = (list: ReadonlyArray<{ name: string }>) => list.map((p) => p.name);
const none = new Set<PlatformId>();

describe("the connect accounts screen's model", () => {
  it("given a search, when filtering, then keeps the platforms whose name holds every word typed, in any case", () => {
    expect(names(filterPlatforms(platforms, "YOU", "all", none))).toEqual(["YouTube"]);
    expect(names(filterPlatforms(platforms, " google  profile ", "all", none))).toEqual(["Google Business Profile"]);
    expect(names(filterPlatforms(platforms, "google yelp", "all", none))).toEqual([]);
    expect(names(filterPlatforms(platforms, "   ", "all", none))).toHaveLength(platforms.length);
  });

  it("given a kind, when filtering, then keeps social networks, review sites or the connected platforms", () => {
    expect(names(filterPlatforms(platforms, "", "social", none))).toEqual(["Facebook", "YouTube", "Bluesky"]);
    expect(names(filterPlatforms(platforms, "", "review", none))).toEqual(["Google Business Profile", "Yelp"]);
    expect(names(filterPlatforms(platforms, "", "connected", new Set<PlatformId>(["yelp", "bluesky"])))).toEqual(["Bluesky", "Yelp"]);
    expect(names(filterPlatforms(platforms, "", "connected", none))).toEqual([]);
  });

  it("given a search and a kind, when filtering, then both must hold", () => {
    expect(names(filterPlatforms(platforms, "y", "review", none))).toEqual(["Yelp"]);
  });

  it("given nothing left, when saying so, then names the search and the kind", () => {
    expect(noMatchMessage("myspace", "all")).toBe("No platform matches “myspace”.");
    expect(noMatchMessage(" myspace ", "connected")).toBe("No platform matches “myspace” among connected.");
    expect(noMatchMessage("tik", "review")).toBe("No platform matches “tik” among review sites.");
    expect(noMatchMessage("", "connected")).toBe("No connected platforms yet.");
  });

  it("given some cards left, when telling a screen reader, then counts them against all", () => {
    expect(shownCount(3, 19)).toBe("3 of 19 platforms shown.");
    expect(shownCount(19, 19)).toBe("All 19 platforms shown.");
  });
});
