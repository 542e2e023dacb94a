import { describe, expect, it } from "vitest";
import { checkContent } from "../publishing/validation";
import { platformById, platformFor } from "./platforms";

describe("a platform's limits as the accounts' servers set them", () => {
  const mastodon = (maxCharacters: number, maxMedia: number) => ({ platform: "mastodon" as const, metadata: { instance: "https://example.social", maxCharacters, maxMedia } });

  it("given no account saying its limits, when the platform is read, then the catalogue's stand (Mastodon's defaults: 500 characters, 4 attachments)", () => {
    expect(platformFor("mastodon")).toBe(platformById("mastodon"));
    expect(platformFor("mastodon").maxCharacters).toBe(500);
    expect(platformFor("mastodon").posting.maxItems).toBe(4);
    expect(platformFor("twitter", [mastodon(5000, 8)])).toBe(platformById("twitter"));
  });

  it("given two instances, when the platform is read for both, then the tightest of their limits counts", () => {
    const both = platformFor("mastodon", [mastodon(5000, 6), mastodon(1000, 2)]);
    expect(both.maxCharacters).toBe(1000);
    expect(both.posting).toMatchObject({ maxItems: 2, maxImages: 2, maxVideos: 1 });
  });

  it("given an instance allowing 1000 characters, when a 700-character post is checked, then it fits there and not on the default", () => {
    const text = "a".repeat(700);
    expect(checkContent(text, ["mastodon"], 0, [mastodon(1000, 4)])).toBeNull();
    expect(checkContent(text, ["mastodon"])).toBe("Your post is 700 characters; Mastodon allows 500.");
    expect(checkContent("a".repeat(1001), ["mastodon"], 0, [mastodon(1000, 4)])).toBe("Your post is 1001 characters; Mastodon allows 1000.");
  });
});
