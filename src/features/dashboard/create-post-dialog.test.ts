import { describe, expect, it } from "vitest";
import { platformChoices, validatePost } from "./CreatePostDialog";

describe("the Create New Post dialog", () => {
  it("given no connected account, then the spec's five are listed, none offered", () => {
    const choices = platformChoices([]);
    expect(choices.map((c) => c.name)).toEqual(["Facebook", "Twitter", "Instagram", "LinkedIn", "Google My Business"]);
    expect(choices.every((c) => !c.connected)).toBe(true);
  });
  it("given accounts of Facebook and Bluesky, then Facebook is offered among the five and Bluesky after them", () => {
    const choices = platformChoices(["facebook", "bluesky"]);
    expect(choices.filter((c) => c.connected).map((c) => c.id)).toEqual(["facebook", "bluesky"]);
    expect(choices.at(-1)).toEqual({ id: "bluesky", name: "Bluesky", connected: true });
  });
  it("given TikTok chosen, then 151 characters are too long; given Facebook alone, then up to 280 pass", () => {
    expect(validatePost({ content: "x".repeat(151), platforms: ["facebook", "tiktok"] })).toEqual({ content: "Content too long" });
    expect(validatePost({ content: "x".repeat(280), platforms: ["facebook"] })).toEqual({});
    expect(validatePost({ content: "x".repeat(281), platforms: ["facebook"] })).toEqual({ content: "Content too long" });
  });
});
