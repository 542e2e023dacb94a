import { describe, expect, it } from "vitest";
import { nextSlot, PUBLISH_LIMITS, type PublishLimit } from "./publish-limits";

const twoPerSecond: PublishLimit = { per: "account", count: 2, windowMs: 1_000, reason: "two a second" };
const fivePerMinute: PublishLimit = { per: "app", count: 5, windowMs: 60_000, reason: "five a minute" };

describe("a platform's publishing limits", () => {
  it("given room in every window, when a post is due, then it goes at once", () => {
    expect(nextSlot([{ limit: twoPerSecond, times: [9_500] }], 10_000)).toEqual({ at: 10_000, heldBy: null });
  });

  it("given a full window, when a post is due, then it waits until the oldest post leaves the window, held by that limit", () => {
    expect(nextSlot([{ limit: twoPerSecond, times: [9_200, 9_700] }], 10_000)).toEqual({ at: 10_200, heldBy: twoPerSecond });
  });

  it("given posts that left the window, then they no longer count", () => {
    expect(nextSlot([{ limit: twoPerSecond, times: [8_000, 9_000, 9_700] }], 10_000)).toEqual({ at: 10_000, heldBy: null });
  });

  it("given two limits, then the post waits for the later of their slots and names the one that held it last", () => {
    const account = { limit: twoPerSecond, times: [9_500, 9_900] };
    const app = { limit: fivePerMinute, times: [1_000, 2_000, 3_000, 4_000, 9_950] };
    expect(nextSlot([account, app], 10_000)).toEqual({ at: 61_000, heldBy: fivePerMinute });
  });

  it("Bluesky: 1,666 posts an hour for an account (5,000 write points, 3 a post)", () => {
    const [hourly] = PUBLISH_LIMITS.bluesky!;
    const hour = 3_600_000;
    const times = Array.from({ length: 1_666 }, (_, i) => i * 1_000);
    expect(nextSlot([{ limit: hourly!, times }], 1_666_000)).toEqual({ at: hour, heldBy: hourly });
  });
});
