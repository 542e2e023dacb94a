import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeVideo } from "../../infra/media/fixtures";
import { adapterOf, type PublishRequest, type PublishMedia, publishablePlatforms } from "../../infra/platforms";
import type { PlatformId } from "../../domain/accounts/platforms";
import { type FakeOAuthPlatform, type OAuthProvider, startFakePlatforms } from "../support/oauth-provider";
import { platformRejection } from "../support/platforms";

/**
 * The provider contract for publishing, the same for every provider: against the local platform
 * server (which checks the token, method, path and body of every call), a post that goes out
 * answers { platformPostId, url }, and the platform's refusal (4xx), rate limit (429 with
 * Retry-After) and failure (5xx) on its publishing call come back as the same PlatformError kinds.
 * Bluesky publishes to a real PDS (publish-bluesky.test.ts), where failures cannot be played;
 * Telegram and Discord, which take no OAuth token, have the same cases in accounts-telegram-discord.test.ts;
 * Mastodon to its own local instance (platforms-mastodon.test.ts), which plays its refusals.
 */

const OAUTH: FakeOAuthPlatform[] = ["facebook", "instagram", "twitter", "linkedin", "tiktok", "google_business", "pinterest", "reddit", "threads", "youtube"];

let provider: OAuthProvider;
let stop: (() => Promise<void>) | undefined;
let token: string;

beforeAll(async () => {
  ({ provider, close: stop } = await startFakePlatforms(OAUTH, { publishing: true }));
});
afterAll(() => stop?.());
beforeEach(() => {
  provider.clear();
  token = provider.grantAccessToken();
  process.env.TIKTOK_PUBLISH_WAIT_SECONDS = "1";
});

// A 4x4 PNG is enough for the fake platforms, which check the type and that bytes came.
const PNG = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEklEQVR4nGP4z8CAB+GTG8HSALfKY52fOEyAAAAAAElFTkSuQmCC", "base64"),
);
const image = (): PublishMedia => ({ bytes: PNG, mimeType: "image/png", fileName: "red.png", alt: "A red square", url: "https://cdn.example.com/red.png" });
const video = (): PublishMedia => ({ bytes: new Uint8Array(makeVideo({ mediaBytes: 4096 })), mimeType: "video/mp4", fileName: "clip.mp4" });

interface Case {
  /** What this platform needs of a post, and of the account. */
  readonly request: Partial<PublishRequest>;
  readonly account?: Record<string, unknown>;
  /** The call that publishes: where the platform's refusals are played. */
  readonly publishCall: string;
}

const CASES: Readonly<Record<FakeOAuthPlatform, Case>> = {
  facebook: { request: {}, account: { externalId: "101" }, publishCall: "/api/facebook/101/feed" },
  instagram: { request: { media: [image()] }, account: { externalId: "17841400000000001" }, publishCall: "/api/instagram/v23.0/17841400000000001/media_publish" },
  threads: { request: {}, publishCall: "/api/threads/v1.0/me/threads_publish" },
  twitter: { request: {}, publishCall: "/api/twitter/tweets" },
  linkedin: { request: {}, account: { externalId: "782bbtaQ" }, publishCall: "/api/linkedin/rest/posts" },
  google_business: {
    request: {},
    account: { externalId: "accounts/1234567890", metadata: { locations: [{ id: "locations/987654321" }] } },
    publishCall: "/api/google_business/v4/accounts/1234567890/locations/987654321/localPosts",
  },
  pinterest: { request: { media: [image()], options: { board: "board-1" } }, publishCall: "/api/pinterest/pins" },
  reddit: { request: { options: { subreddit: "pizza" } }, publishCall: "/api/reddit/api/submit" },
  youtube: { request: { media: [video()] }, publishCall: "/api/youtube/upload/videos" },
  tiktok: { request: { media: [video()] }, publishCall: "/api/tiktok/post/publish/video/init/" },
};

const publish = (platform: FakeOAuthPlatform) => {
  const c = CASES[platform];
  const request: PublishRequest = { text: "Hello from SocialDesk", media: [], options: {}, idempotencyKey: "post-1/account-1/0", ...c.request };
  return adapterOf(platform)!.publish!.publish({ accessToken: token, refreshToken: null, expiresAt: null, ...c.account }, request);
};

describe("every provider's publish", () => {
  it("given the registry, when the platforms that publish are listed, then each OAuth one has a case here, and the others (Bluesky, Mastodon, Telegram, Discord) files of their own", () => {
    expect([...publishablePlatforms()].sort()).toEqual([...OAUTH, ...(["bluesky", "mastodon", "telegram", "discord"] as PlatformId[])].sort());
  });

  describe.each(OAUTH)("%s", (platform) => {
    it("given a post the platform takes, when it is published, then the answer is the post's id and address and nothing else", async () => {
      const published = await publish(platform);
      expect(Object.keys(published).filter((k) => !["platformPostId", "url", "warnings"].includes(k))).toEqual([]);
      expect(published.platformPostId).toEqual(expect.any(String));
      expect(published.platformPostId).not.toBe("");
      expect(published.url === null || /^https:\/\//.test(published.url)).toBe(true);
      expect(published.warnings ?? []).toEqual([]);
      expect(provider.requestsTo(CASES[platform].publishCall)).toHaveLength(1);
    });

    it("given the platform refuses the post (400), when it is published, then it is rejected with the platform's words", async () => {
      provider.respondOnce(CASES[platform].publishCall, 400, { error: { message: "The post breaks a rule." }, message: "The post breaks a rule." });
      const error = await platformRejection(publish(platform));
      expect(error).toMatchObject({ platform, kind: "rejected", status: 400 });
      expect(error.message).toMatch(/refused the post: .*The post breaks a rule\./);
    });

    it("given the platform limits requests (429 with Retry-After), when it is published, then it is rate_limited with the seconds to wait", async () => {
      provider.respondOnce(CASES[platform].publishCall, 429, { error: { message: "Too many requests" } }, { "retry-after": "30" });
      expect(await platformRejection(publish(platform))).toMatchObject({ platform, kind: "rate_limited", status: 429, retryAfterSeconds: 30 });
    });

    it("given the platform fails (503), when it is published, then it is unavailable, to be tried again", async () => {
      provider.respondOnce(CASES[platform].publishCall, 503, {});
      expect(await platformRejection(publish(platform))).toMatchObject({ platform, kind: "unavailable" });
    });
  });
});
