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
    expect(validatePost({ content: "x".repeat(151), platforms: ["facebook", "tiktok"], media: ["https://cdn.example.com/tour.mp4"] })).toEqual({
      content: "Content too long",
    });
    expect(validatePost({ content: "x".repeat(280), platforms: ["facebook"], media: [] })).toEqual({});
    expect(validatePost({ content: "x".repeat(281), platforms: ["facebook"], media: [] })).toEqual({ content: "Content too long" });
  });
  it("given Instagram chosen, when the post has no photo, then Instagram's sentence stands under the media; a library photo passes", () => {
    expect(validatePost({ content: "Smile!", platforms: ["facebook", "instagram"], media: [] })).toEqual({ media: "Instagram needs a photo or video." });
    expect(validatePost({ content: "Smile!", platforms: ["instagram"], media: ["/media/0b6c/original.jpg"] })).toEqual({});
  });
  it("given Yelp and TikTok chosen with a photo, then each platform's refusal is named where it is fixed", () => {
    expect(validatePost({ content: "Hours", platforms: ["yelp", "tiktok"], media: ["https://cdn.example.com/a.jpg"] })).toEqual({
      platforms: "Yelp: No posting: the site allows none.",
      media: "TikTok needs a video.",
    });
  });
});
