import { describe, expect, it } from "vitest";
import { SCHEDULE_TIMES, suggestTimes } from "./best-times";
import { characterCount, checkContent, checkContentWarning, checkPlatformOptions, checkThread, remainingCharacters } from "./validation";

describe("checkContent", () => {
  it.each<[string, string, ReadonlyArray<"twitter" | "bluesky" | "facebook" | "tiktok" | "snapchat" | "telegram" | "discord">, number, string | null]>([
    ["fits", "Hello", ["twitter", "facebook"], 0, null],
    ["no platform", "Hello", [], 0, "Select at least one platform"],
    ["empty", "   ", ["twitter"], 0, "Content is required"],
    ["empty with media", "", ["twitter"], 1, null],
    ["over X", "a".repeat(312), ["facebook", "twitter"], 0, "Your post is 312 characters; X (Twitter) allows 280."],
    ["exactly X's limit", "a".repeat(280), ["twitter"], 0, null],
    ["the strictest exceeded", "a".repeat(312), ["twitter", "tiktok", "bluesky"], 0, "Your post is 312 characters; TikTok allows 150."],
    ["Bluesky 300", "a".repeat(301), ["bluesky"], 0, "Your post is 301 characters; Bluesky allows 300."],
    ["Snapchat 80", "a".repeat(81), ["snapchat"], 0, "Your post is 81 characters; Snapchat allows 80."],
    ["emoji count as one each", "👍🏽".repeat(280), ["twitter"], 0, null],
    ["Telegram text 4096", "a".repeat(4096), ["telegram"], 0, null],
    ["Telegram caption 1024", "a".repeat(1025), ["telegram"], 1, "With photos or videos, Telegram allows 1024 characters; your post is 1025."],
    ["Telegram caption that fits", "a".repeat(1024), ["telegram"], 2, null],
    ["Discord 2000", "a".repeat(2001), ["discord", "telegram"], 0, "Your post is 2001 characters; Discord allows 2000."],
  ])("%s", (_name, content, platforms, media, expected) => expect(checkContent(content, platforms, media)).toBe(expected));

  it("counts graphemes", () => {
    expect(characterCount("👨‍👩‍👧")).toBe(1);
    expect(characterCount("é")).toBe(1);
    expect(characterCount("abc")).toBe(3);
    expect(remainingCharacters("abc", ["twitter", "bluesky"])).toEqual([
      { platform: "twitter", remaining: 277 },
      { platform: "bluesky", remaining: 297 },
    ]);
  });
});

describe("checkThread", () => {
  it.each<[string, unknown, string | null]>([
    ["no thread", undefined, null],
    ["two more posts", ["Second", "Third"], null],
    ["a post at X's limit", ["a".repeat(280)], null],
    ["a post over X's limit", ["ok", "a".repeat(281)], "Post 3 of the X thread is 281 characters; X (Twitter) allows 280."],
    ["an empty post", ["ok", "  "], "Post 3 of the X thread is empty: write it or remove it."],
    ["not a list", "Second", "An X thread must be a list of posts."],
    ["25 posts in all", Array.from({ length: 24 }, (_, i) => `Post ${i + 2}`), null],
    ["26 posts in all", Array.from({ length: 25 }, (_, i) => `Post ${i + 2}`), "An X thread holds at most 25 posts."],
  ])("%s", (_name, parts, expected) => expect(checkThread(parts)).toBe(expected));
});

describe("checkPlatformOptions", () => {
  it.each<[string, Record<string, unknown>, ReadonlyArray<"twitter" | "snapchat" | "bluesky">, string | null]>([
    ["a long thread part with X chosen", { twitter: { thread: ["a".repeat(281)] } }, ["twitter"], "Post 2 of the X thread is 281 characters; X (Twitter) allows 280."],
    ["the same without X", { twitter: { thread: ["a".repeat(281)] } }, ["bluesky"], null],
    ["a story of 24h", { snapchat: { storyDuration: "24h" } }, ["snapchat"], null],
    ["a custom story of 6 hours", { snapchat: { storyDuration: 6 } }, ["snapchat"], null],
    ["a story of 25 hours", { snapchat: { storyDuration: 25 } }, ["snapchat"], "A Snapchat story lasts from 1 to 24 hours."],
    ["a story of 0 hours", { snapchat: { storyDuration: 0 } }, ["snapchat"], "A Snapchat story lasts from 1 to 24 hours."],
    ["a story of 1.5 hours", { snapchat: { storyDuration: 1.5 } }, ["snapchat"], "A Snapchat story lasts from 1 to 24 hours."],
    ["a story duration as text", { snapchat: { storyDuration: "six" } }, ["snapchat"], "A Snapchat story lasts from 1 to 24 hours."],
  ])("%s", (_name, options, platforms, expected) => expect(checkPlatformOptions(options, platforms)).toBe(expected));
});

describe("suggestTimes", () => {
  it.each<[ReadonlyArray<string>, ReadonlyArray<string>]>([
    [[], []],
    [["instagram"], ["11:00", "13:00", "19:00"]],
    [["instagram", "facebook"], ["09:00", "11:00", "13:00", "15:00"]],
    [["x", "linkedin"], ["08:00", "09:00", "10:00", "12:00"]],
    [["tiktok", "youtube", "pinterest"], ["12:00", "14:00", "16:00", "19:00"]],
    [["bluesky", "reddit"], []],
    [["twitter", "x"], ["09:00", "12:00", "17:00"]],
  ])("%j → %j", (platforms, expected) => expect(suggestTimes(platforms)).toEqual(expected));

  it("suggests only times the scheduler offers", () => {
    for (const p of ["instagram", "facebook", "linkedin", "x", "tiktok", "youtube", "pinterest"])
      for (const t of suggestTimes([p])) expect(SCHEDULE_TIMES).toContain(t);
    expect(SCHEDULE_TIMES[0]).toBe("06:00");
    expect(SCHEDULE_TIMES.at(-1)).toBe("22:00");
  });
});

describe("Mastodon's options", () => {
  it("given a visibility Mastodon does not take from here, when the options are checked, then the person reads the three it does", () => {
    // What an API client may send, whatever the type says.
    expect(checkPlatformOptions({ mastodon: { visibility: "direct" as "public" } }, ["mastodon"])).toBe("Mastodon's visibility is public, unlisted or private.");
    expect(checkPlatformOptions({ mastodon: { visibility: "unlisted", contentWarning: "Food" } }, ["mastodon"])).toBeNull();
  });
});

describe("a Mastodon content warning", () => {
  const instance = [{ platform: "mastodon" as const, metadata: { maxCharacters: 100, maxMedia: 4 } }];
  it("given a warning, when the post is checked, then the text and the warning count together against the instance's limit, as Mastodon counts them", () => {
    expect(checkContentWarning("a".repeat(92), { mastodon: { contentWarning: "Spoilers" } }, ["mastodon"], instance)).toBeNull();
    expect(checkContentWarning("a".repeat(93), { mastodon: { contentWarning: "Spoilers" } }, ["mastodon"], instance)).toBe(
      "Your post and its content warning are 101 characters together; Mastodon allows 100 for both.",
    );
    expect(checkContentWarning("a".repeat(93), { mastodon: { contentWarning: "  " } }, ["mastodon"], instance)).toBeNull();
    expect(checkContentWarning("a".repeat(600), { mastodon: { contentWarning: "Spoilers" } }, ["twitter"], instance)).toBeNull();
  });
});
