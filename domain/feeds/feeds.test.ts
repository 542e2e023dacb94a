import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { DeciderSpecification } from "../shared/decider-spec";
import type { FeedEvent } from "./events";
import { addFeed, checkFeedSettings, deleteFeed, editFeed, feedDecider, recordItems, recordPost } from "./feed";
import { DEFAULT_POST_TEMPLATE, itemKeyOf, mayPostNow, pollIntervalMs, postTextOf } from "./rules";

const spec = DeciderSpecification(feedDecider);
const settings = {
  name: "Practice blog",
  url: "https://blog.example.com/feed.xml",
  platforms: ["facebook"],
  accountIds: [],
  postTemplate: DEFAULT_POST_TEMPLATE,
  postingSchedule: "immediate" as const,
  delivery: "schedule" as const,
};
const added: FeedEvent = { type: "RssFeedAdded", data: { feedId: "f1", workspaceId: "w1", ...settings, isActive: true } };
const item = (n: number) => ({ key: `guid:${n}`, title: `Post ${n}`, link: `https://blog.example.com/${n}`, description: "", publishedAt: null });

describe("an RSS feed", () => {
  it("given nothing, is added with its settings tidied; name, URL and a target are required", () => {
    spec
      .given([])
      .when(addFeed({ feedId: "f1", workspaceId: "w1", ...settings, name: "  Practice blog ", isActive: true }))
      .then([added]);
    spec
      .given([])
      .when(addFeed({ feedId: "f1", workspaceId: "w1", ...settings, name: " ", url: "blog", platforms: [], isActive: true }))
      .thenFails("InvalidInput", "Name is required");
    expect(Effect.runSync(Effect.flip(checkFeedSettings({ ...settings, name: " ", url: "blog", platforms: [] }))).fields).toEqual({
      name: "Name is required",
      url: "Please enter a valid URL",
      platforms: "Choose at least one account or platform to post to.",
    });
  });

  it("is edited, paused and resumed with one PUT; what did not change records nothing", () => {
    spec
      .given([added])
      .when(editFeed({ postingSchedule: "daily", isActive: false }))
      .then([
        { type: "RssFeedEdited", data: { ...settings, postingSchedule: "daily" } },
        { type: "RssFeedPaused", data: {} },
      ]);
    spec
      .given([added])
      .when(editFeed({ name: "Practice blog", isActive: true }))
      .thenNothingHappens();
    spec
      .given([added, { type: "RssFeedPaused", data: {} }])
      .when(editFeed({ isActive: true }))
      .then([{ type: "RssFeedResumed", data: {} }]);
  });

  it("once deleted, is not found", () => {
    spec
      .given([added])
      .when(deleteFeed())
      .then([{ type: "RssFeedDeleted", data: {} }]);
    spec
      .given([added, { type: "RssFeedDeleted", data: {} }])
      .when(editFeed({ name: "x" }))
      .thenFails("NotFound", "This RSS feed does not exist, or was deleted.");
  });

  it("on its first read keeps every item but posts only the newest", () => {
    spec
      .given([added])
      .when(recordItems([item(3), item(2), item(1)], true))
      .then([{ type: "RssItemsFound", data: { items: [item(3), item(2), item(1)], passedOver: ["guid:2", "guid:1"] } }]);
  });

  it("posts a waiting item once (a second post of it is refused); a daily feed passes over the older ones still waiting", () => {
    const found: FeedEvent = { type: "RssItemsFound", data: { items: [item(5), item(4)], passedOver: [] } };
    spec
      .given([added, found])
      .when(recordPost("guid:5", "p1", ["guid:4"]))
      .then([
        { type: "RssItemPosted", data: { key: "guid:5", postId: "p1" } },
        { type: "RssItemsPassedOver", data: { keys: ["guid:4"] } },
      ]);
    spec
      .given([added, found, { type: "RssItemPosted", data: { key: "guid:5", postId: "p1" } }])
      .when(recordPost("guid:5", "p2", []))
      .thenFails("Conflict", "This item of the feed was posted already.");
  });
});

describe("feed rules", () => {
  it("keys an item by guid, else link, else its content", () => {
    expect(itemKeyOf({ guid: "g", link: "https://x", contentHash: "h" })).toBe("guid:g");
    expect(itemKeyOf({ guid: null, link: "https://x", contentHash: "h" })).toBe("link:https://x");
    expect(itemKeyOf({ guid: null, link: null, contentHash: "h" })).toBe("hash:h");
  });

  it("reads again as the feed asks, within 5 minutes and a day", () => {
    expect(pollIntervalMs({ maxAgeSeconds: 60 })).toBe(5 * 60_000);
    expect(pollIntervalMs({ ttlMinutes: 60 })).toBe(60 * 60_000);
    expect(pollIntervalMs({ maxAgeSeconds: 7200, ttlMinutes: 5 })).toBe(2 * 60 * 60_000);
    expect(pollIntervalMs({ ttlMinutes: 100_000 })).toBe(24 * 60 * 60_000);
    expect(pollIntervalMs({})).toBe(30 * 60_000);
  });

  it("fills the template and fits the text to the platform, cutting the description, then the title, never the address", () => {
    const entry = { title: "Five tips for healthy gums", link: "https://blog.example.com/gums", description: "Brush twice a day. ".repeat(20) };
    expect(postTextOf(DEFAULT_POST_TEMPLATE, entry, 500)).toBe("New post: Five tips for healthy gums\n\nhttps://blog.example.com/gums");
    const long = postTextOf("{title}: {description} {url}", entry, 120);
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long).toMatch(/^Five tips for healthy gums: Brush twice a day\..*… https:\/\/blog\.example\.com\/gums$/);
    const tight = postTextOf(DEFAULT_POST_TEMPLATE, { ...entry, title: "A very long title ".repeat(10) }, 60);
    expect(tight.length).toBeLessThanOrEqual(60);
    expect(tight.endsWith("https://blog.example.com/gums")).toBe(true);
  });

  it("lets a daily feed post once a day and a weekly one once a week", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    expect(mayPostNow("immediate", new Date("2026-11-25T11:59:00Z"), now)).toBe(true);
    expect(mayPostNow("daily", new Date("2026-11-24T13:00:00Z"), now)).toBe(false);
    expect(mayPostNow("daily", new Date("2026-11-24T12:00:00Z"), now)).toBe(true);
    expect(mayPostNow("weekly", new Date("2026-11-20T12:00:00Z"), now)).toBe(false);
    expect(mayPostNow("weekly", null, now)).toBe(true);
  });
});
