import { describe, expect, it } from "vitest";
import { characterLimitOf, DIALOG_PLATFORMS, localScheduledAt, MAX_MEDIA, POST_PLATFORMS, validatePost, withMedia } from "./post-form";

describe("the shared post form", () => {
  it("given an empty dialog form, when it is checked, then content and a platform are asked for", () => {
    expect(validatePost({ content: "", scheduleDate: "", scheduleTime: "", targets: [] }, { requireContent: true, maxContent: 280 })).toEqual({
      content: "Content is required",
      platforms: "Select at least one platform",
    });
  });

  it("given 281 characters, when checked against 280, then the content is too long", () => {
    expect(validatePost({ content: "x".repeat(281), scheduleDate: "", scheduleTime: "", targets: ["facebook"] }, { maxContent: 280 })).toEqual({
      content: "Content too long",
    });
  });

  it("given Schedule without a time, when checked, then a date and a time are asked for", () => {
    expect(validatePost({ content: "", scheduleDate: "2026-12-01", scheduleTime: "", targets: ["a1"] }, { requireDateAndTime: true })).toEqual({
      scheduledAt: "Choose a date and a time.",
    });
  });

  it("given a date and a time, when the post is for now, then it has no scheduled time", () => {
    expect(localScheduledAt({ scheduleType: "now", scheduleDate: "2026-12-01", scheduleTime: "10:00" })).toBeNull();
    expect(localScheduledAt({ scheduleType: "schedule", scheduleDate: "2026-12-01", scheduleTime: "10:00" })).toBe("2026-12-01T10:00");
  });

  it("given a full post, when more files are added, then it keeps the limit", () => {
    const full = Array.from({ length: MAX_MEDIA }, (_, i) => `/m/${i}`);
    expect(withMedia(full, ["/m/extra"])).toEqual(full);
  });

  it("given the platform list, when the dialog lists its five, then they are the same platforms under the spec's names", () => {
    expect(DIALOG_PLATFORMS.map((p) => p.name)).toEqual(["Facebook", "Twitter", "Instagram", "LinkedIn", "Google My Business"]);
    for (const p of DIALOG_PLATFORMS) expect(POST_PLATFORMS.some((q) => q.id === p.id)).toBe(true);
  });
});

describe("characterLimitOf", () => {
  it("given no platform or only roomier ones, then the form's own maximum, set by none", () => {
    expect(characterLimitOf([], 280)).toEqual({ limit: 280, setBy: null });
    expect(characterLimitOf(["facebook", "linkedin"], 280)).toEqual({ limit: 280, setBy: null });
  });
  it("given a platform at or under the maximum, then the tightest chosen one sets it", () => {
    expect(characterLimitOf(["facebook", "twitter"], 280)).toMatchObject({ limit: 280, setBy: { id: "twitter" } });
    expect(characterLimitOf(["twitter", "tiktok", "facebook"], 280)).toMatchObject({ limit: 150, setBy: { id: "tiktok", name: "TikTok" } });
    expect(characterLimitOf(["bluesky", "threads"], 5000)).toMatchObject({ limit: 300, setBy: { id: "bluesky" } });
  });
});
