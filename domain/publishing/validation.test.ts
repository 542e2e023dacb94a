import { describe, expect, it } from "vitest";
import { SCHEDULE_TIMES, suggestTimes } from "./best-times";
import { characterCount, checkContent, remainingCharacters } from "./validation";

describe("checkContent", () => {
  it.each<[string, string, ReadonlyArray<"twitter" | "bluesky" | "facebook" | "tiktok" | "snapchat">, number, string | null]>([
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
