import { describe, expect, it } from "vitest";
import { handleOf, isHandle } from "./rules";

describe("a competitor's Bluesky handle as people paste it", () => {
  it.each([
    ["@Rival-Dental.bsky.social", "rival-dental.bsky.social"],
    ["  rival.example.com ", "rival.example.com"],
    ["https://bsky.app/profile/rival.bsky.social/post/3k1", "rival.bsky.social"],
  ])("given %j, then it is read as %j, a handle", (typed, handle) => {
    expect(handleOf(typed)).toBe(handle);
    expect(isHandle(handleOf(typed))).toBe(true);
  });

  it.each(["", "rival", "rival dental.bsky.social", "-rival.bsky.social", "rival..bsky.social", "rival.bsky.social?x=1"])("given %j, then it is no handle", (typed) => {
    expect(isHandle(handleOf(typed))).toBe(false);
  });

  it("given a DID, then it is kept as one", () => {
    expect(isHandle(handleOf("did:plc:z72i7hdynmk6r22z27h6tvur"))).toBe(true);
  });
});
