import { describe, expect, it } from "vitest";
import { PLATFORMS, type PlatformId, platformById } from "../accounts/platforms";
import { type MediaFact, mediaFactsOf, mediaKindOfRef, postingProblems } from "./platform-rules";

const image = (name = "photo.jpg", bytes: number | null = 200_000): MediaFact => ({ ref: `/media/${name}`, kind: "image", bytes, name });
const video = (name = "clip.mp4", bytes: number | null = 5_000_000): MediaFact => ({ ref: `/media/${name}`, kind: "video", bytes, name });
const problemsOf = (media: ReadonlyArray<MediaFact>, ...ids: PlatformId[]) => postingProblems(media, ids.map(platformById));
const messagesOf = (media: ReadonlyArray<MediaFact>, ...ids: PlatformId[]) => problemsOf(media, ...ids).map((p) => p.message);

describe("postingProblems", () => {
  it("given a text-only post, when it goes to Instagram, then Instagram asks for a photo or video, in the media field", () => {
    expect(problemsOf([], "instagram", "facebook")).toEqual([{ platform: "instagram", field: "media", message: "Instagram needs a photo or video." }]);
  });

  it("given a post with an image, when it goes to Instagram, then nothing is refused", () => {
    expect(problemsOf([image()], "instagram")).toEqual([]);
  });

  it("given any post, when it goes to a review or listing site, then the site is refused by name in the platforms field", () => {
    const reviewSites = PLATFORMS.filter((p) => p.supports.reviews && p.category === "review");
    expect(reviewSites.map((p) => p.id)).toEqual(["yelp", "avvo", "healthgrades", "dignityhealth", "martindale", "superlawyers", "bbb"]);
    for (const site of reviewSites) {
      expect(problemsOf([image()], site.id)).toEqual([{ platform: site.id, field: "platforms", message: `${site.name}: No posting: the site allows none.` }]);
    }
    expect(messagesOf([], "yelp")).toEqual(["Yelp: No posting: the site allows none."]);
  });

  it("given a post without a video, when it goes to TikTok or YouTube, then each asks for a video", () => {
    expect(messagesOf([], "tiktok", "youtube")).toEqual(["TikTok needs a video.", "YouTube needs a video."]);
    expect(messagesOf([image()], "tiktok")).toEqual(["TikTok needs a video."]);
    expect(messagesOf([video(), image()], "youtube")).toEqual(["YouTube takes a video, not images."]);
    expect(messagesOf([video()], "tiktok", "youtube")).toEqual([]);
  });

  it("given images and videos, when they go to X, then X takes at most 4 images or 1 video, not both", () => {
    expect(messagesOf([image(), image(), image(), image()], "twitter")).toEqual([]);
    expect(messagesOf([image(), image(), image(), image(), image()], "twitter")).toEqual(["X (Twitter) takes at most 4 images."]);
    expect(messagesOf([video(), video()], "twitter")).toEqual(["X (Twitter) takes at most 1 video."]);
    expect(messagesOf([video(), image()], "twitter")).toEqual(["X (Twitter) takes images or a video, not both."]);
  });

  it("given many files, when they go to each platform, then its count limit is named", () => {
    const eleven = Array.from({ length: 11 }, () => image());
    expect(messagesOf(eleven, "instagram", "facebook", "threads")).toEqual([
      "Instagram takes at most 10 photos or videos.",
      "Facebook takes at most 10 images.",
    ]);
    expect(messagesOf(Array.from({ length: 5 }, () => image()), "bluesky")).toEqual(["Bluesky takes at most 4 images."]);
    expect(messagesOf(Array.from({ length: 10 }, () => image()), "linkedin")).toEqual(["LinkedIn takes at most 9 images."]);
    expect(messagesOf([image(), image()], "pinterest", "google_business")).toEqual([
      "Pinterest takes at most 1 photo or video.",
      "Google Business Profile takes at most 1 image.",
    ]);
    expect(messagesOf([], "pinterest")).toEqual(["Pinterest needs a photo or video."]);
  });

  it("given a video, when it goes to a platform without video, then the platform says it takes none", () => {
    expect(messagesOf([video()], "bluesky", "google_business", "reddit")).toEqual([
      "Bluesky takes no videos.",
      "Google Business Profile takes no videos.",
      "Reddit takes no videos.",
    ]);
  });

  it("given files of known size, when one is over the platform's limit, then its name, size and the limit are said", () => {
    expect(messagesOf([image("team.png", 2_400_000)], "bluesky", "twitter")).toEqual(["team.png is 2.4 MB; Bluesky takes images up to 1 MB."]);
    expect(messagesOf([video("tour.mp4", 600_000_000)], "twitter", "instagram")).toEqual([
      "tour.mp4 is 600 MB; X (Twitter) takes videos up to 512 MB.",
      "tour.mp4 is 600 MB; Instagram takes videos up to 300 MB.",
    ]);
    expect(messagesOf([image("unknown-size.jpg", null)], "bluesky")).toEqual([]);
  });

  it("given web addresses, when their extension tells the kind, then the rules use it; an address that does not tell is not refused", () => {
    expect(mediaKindOfRef("https://cdn.example.com/a/b/clip.MP4?sig=1")).toBe("video");
    expect(mediaKindOfRef("/media/0b6f8a5e-0000-4000-8000-000000000000/original.webp")).toBe("image");
    expect(mediaKindOfRef("https://example.com/design/123")).toBeNull();
    expect(messagesOf(mediaFactsOf(["https://cdn.example.com/photo.jpg"]), "tiktok")).toEqual(["TikTok needs a video."]);
    expect(messagesOf(mediaFactsOf(["https://example.com/design/123"]), "tiktok", "instagram")).toEqual([]);
  });
});
