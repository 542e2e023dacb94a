import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { findPublished, PlatformError, type PublishRequest, publisherFor } from "../../infra/platforms";
import {
  type FakeOAuthPlatform,
  fakePlatformEnv,
  fakePublishEnv,
  installFakePlatform,
  installPublishRoutes,
  type OAuthProvider,
  startOAuthProvider,
} from "../support/oauth-provider";

/**
 * The OAuth platforms' publish calls against the local provider, which checks the bearer token,
 * method, path and body of each call and answers like the platform. Every request is checked here too.
 */

let provider: OAuthProvider;
let token: string;
const savedEnv = { ...process.env };
const ALL: FakeOAuthPlatform[] = ["facebook", "instagram", "twitter", "linkedin", "google_business", "pinterest", "reddit", "threads", "youtube"];
let png: Uint8Array;

beforeAll(async () => {
  provider = await startOAuthProvider();
  for (const platform of ALL) {
    installFakePlatform(provider, platform);
    Object.assign(process.env, fakePlatformEnv(platform, provider.url));
  }
  Object.assign(process.env, fakePublishEnv(provider.url));
  installPublishRoutes(provider);
  png = new Uint8Array(await sharp({ create: { width: 4, height: 4, channels: 3, background: "#ff0000" } }).png().toBuffer());
});

afterAll(async () => {
  for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
  Object.assign(process.env, savedEnv);
  await provider?.close();
});

beforeEach(() => {
  provider.clear();
  token = provider.grantAccessToken();
});

const req = (overrides: Partial<PublishRequest> = {}): PublishRequest => ({
  text: "Hello from SocialDesk",
  media: [],
  options: {},
  idempotencyKey: "post-1/account-1/0",
  ...overrides,
});
const image = () => ({ bytes: png, mimeType: "image/png", fileName: "red.png", alt: "A red square", url: "https://cdn.example.com/red.png" });

const rejection = async (promise: Promise<unknown>): Promise<PlatformError> => {
  const error = await promise.then(
    () => expect.fail("expected a PlatformError"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
};

const publish = (platform: FakeOAuthPlatform, request: PublishRequest, extra: Record<string, unknown> = {}) =>
  publisherFor(platform)!({ accessToken: token, refreshToken: null, expiresAt: null, ...extra }, request);

describe("Facebook Page", () => {
  it("posts text with a link to /{page}/feed with the Page token, and the first comment", async () => {
    provider.route("/api/facebook/101_000001/comments", () => ({ id: "c1" }));
    const published = await publish("facebook", req({ link: "https://example.com", options: { firstComment: "More below" } }), { externalId: "101" });
    expect(published.platformPostId).toMatch(/^101_\d+$/);
    expect(published.url).toMatch(/^https:\/\/www\.facebook\.com\/101\/posts\/\d+$/);
    const [pageToken, feed] = provider.requests;
    expect(pageToken).toMatchObject({ method: "GET", path: "/api/facebook/101", query: { fields: "access_token" }, bearer: token });
    expect(feed).toMatchObject({ method: "POST", path: "/api/facebook/101/feed", form: { message: "Hello from SocialDesk", link: "https://example.com" } });
    expect(feed!.bearer).not.toBe(token);
    expect(provider.isValidAccessToken(feed!.bearer!)).toBe(true);
  });

  it("posts one image to /{page}/photos as multipart, finding the Page with /me/accounts when no id is stored", async () => {
    provider.route("/api/facebook/me/accounts", () => ({ data: [{ id: "101", access_token: token }] }));
    const published = await publish("facebook", req({ media: [image()] }));
    expect(published.platformPostId).toMatch(/^101_/);
    const photos = provider.requestsTo("/api/facebook/101/photos")[0]!;
    expect(photos.multipart).toMatchObject({ message: "Hello from SocialDesk", published: "true", source: { type: "image/png", size: png.byteLength } });
  });

  it("posts two images as unpublished photos attached to one feed post", async () => {
    await publish("facebook", req({ media: [image(), image()] }), { externalId: "101" });
    expect(provider.requestsTo("/api/facebook/101/photos").map((r) => r.multipart.published)).toEqual(["false", "false"]);
    const feed = provider.requestsTo("/api/facebook/101/feed")[0]!;
    expect(JSON.parse(feed.form["attached_media[0]"]!)).toHaveProperty("media_fbid");
    expect(JSON.parse(feed.form["attached_media[1]"]!)).toHaveProperty("media_fbid");
  });

  it("maps Meta's errors: code 190 reconnect, code 4 rate limit, a content refusal with Meta's message", async () => {
    provider.respondOnce("/api/facebook/101", 400, { error: { message: "Error validating access token", type: "OAuthException", code: 190 } });
    expect((await rejection(publish("facebook", req(), { externalId: "101" }))).kind).toBe("invalid_credentials");
    provider.respondOnce("/api/facebook/101/feed", 400, { error: { message: "(#4) Application request limit reached", code: 4 } });
    expect((await rejection(publish("facebook", req(), { externalId: "101" }))).kind).toBe("rate_limited");
    const empty = await rejection(publish("facebook", req({ text: "" }), { externalId: "101" }));
    expect(empty).toMatchObject({ kind: "rejected", message: "Facebook refused the post: the post is empty." });
    provider.respondOnce("/api/facebook/101/feed", 400, { error: { message: "(#100) Param message is too long", code: 100 } });
    expect(await rejection(publish("facebook", req(), { externalId: "101" }))).toMatchObject({
      kind: "rejected",
      message: "Facebook refused the post: (#100) Param message is too long",
    });
    provider.respondOnce("/api/facebook/101/feed", 503, {});
    expect((await rejection(publish("facebook", req(), { externalId: "101" }))).kind).toBe("unavailable");
  });

  it("keeps the post when the first comment is refused, with a warning", async () => {
    provider.route("/api/facebook/101_000099/comments", () => ({}));
    const published = await publish("facebook", req({ options: { firstComment: "x" } }), { externalId: "101" });
    expect(published.warnings?.[0]).toMatch(/first comment was not posted/);
    expect(await findPublished("facebook", { accessToken: token }, "post-1/account-1/0")).toBeNull();
  });
});

describe("Instagram", () => {
  it("creates a media container with the image URL, publishes it, reads the permalink and comments", async () => {
    const published = await publish("instagram", req({ media: [image()], options: { firstComment: "#pizza" } }), { externalId: "17841400000000001" });
    expect(published).toMatchObject({ platformPostId: "18000000000000001", url: "https://www.instagram.com/p/ABC123/" });
    const paths = provider.requests.map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual([
      "POST /api/instagram/v23.0/17841400000000001/media",
      "POST /api/instagram/v23.0/17841400000000001/media_publish",
      "GET /api/instagram/v23.0/18000000000000001",
      "POST /api/instagram/v23.0/18000000000000001/comments",
    ]);
    expect(provider.requests[0]!.form).toMatchObject({ image_url: "https://cdn.example.com/red.png", caption: "Hello from SocialDesk", alt_text: "A red square" });
    expect(provider.requests[3]!.form).toEqual({ message: "#pizza" });
  });

  it("builds a carousel from two images", async () => {
    await publish("instagram", req({ media: [image(), image()] }), { externalId: "17841400000000001" });
    const containers = provider.requestsTo("/api/instagram/v23.0/17841400000000001/media").map((r) => r.form);
    expect(containers.slice(0, 2).every((f) => f.is_carousel_item === "true")).toBe(true);
    expect(containers[2]).toMatchObject({ media_type: "CAROUSEL", caption: "Hello from SocialDesk" });
  });

  it("refuses a text-only post and media without a public address", async () => {
    expect((await rejection(publish("instagram", req(), { externalId: "17841400000000001" }))).kind).toBe("rejected");
    const { url: _url, ...noUrl } = image();
    expect((await rejection(publish("instagram", req({ media: [noUrl] }), { externalId: "17841400000000001" }))).message).toMatch(/public address/);
    expect(provider.requests).toHaveLength(0);
  });
});

describe("Threads", () => {
  it("posts text with the reply audience and an image post", async () => {
    const published = await publish("threads", req({ options: { replyAudience: "followers" } }));
    expect(published).toEqual({ platformPostId: "17890000000000001", url: "https://www.threads.net/@joes.threads/post/XYZ" });
    expect(provider.requests[0]).toMatchObject({ path: "/api/threads/v1.0/me/threads", form: { media_type: "TEXT", text: "Hello from SocialDesk", reply_control: "accounts_you_follow" } });
    expect(provider.requests[1]).toMatchObject({ path: "/api/threads/v1.0/me/threads_publish", form: { creation_id: expect.stringMatching(/^t/) } });
    provider.clear();
    await publish("threads", req({ media: [image()] }));
    expect(provider.requests[0]!.form).toMatchObject({ media_type: "IMAGE", image_url: "https://cdn.example.com/red.png" });
  });

  it("refuses over 500 characters", async () => {
    expect((await rejection(publish("threads", req({ text: "a".repeat(501) })))).kind).toBe("rejected");
  });
});

describe("X", () => {
  it("uploads the image, sets its alt text and posts with media ids and reply_settings", async () => {
    const published = await publish("twitter", req({ media: [image()], options: { replyAudience: "mentioned" } }));
    expect(published).toEqual({ platformPostId: "1890000000000000001", url: "https://x.com/i/web/status/1890000000000000001" });
    const [upload, alt, tweet] = provider.requests;
    expect(upload).toMatchObject({ method: "POST", path: "/api/twitter/media/upload", bearer: token, multipart: { media_category: "tweet_image" } });
    expect(alt!.json).toEqual({ id: "1880000000000000001", metadata: { alt_text: { text: "A red square" } } });
    expect(tweet!.json).toEqual({ text: "Hello from SocialDesk", media: { media_ids: ["1880000000000000001"] }, reply_settings: "mentionedUsers" });
  });

  it("maps a duplicate to rejected, 429 to rate_limited with the reset time, 401 to invalid_credentials", async () => {
    provider.respondOnce("/api/twitter/tweets", 403, { detail: "You are not allowed to create a Tweet with duplicate content.", title: "Forbidden" });
    expect((await rejection(publish("twitter", req()))).kind).toBe("rejected");
    provider.respondOnce("/api/twitter/tweets", 429, { title: "Too Many Requests" }, { "x-rate-limit-reset": String(Math.floor(Date.now() / 1000) + 120) });
    const limited = await rejection(publish("twitter", req()));
    expect(limited.kind).toBe("rate_limited");
    expect(limited.retryAfterSeconds).toBeGreaterThanOrEqual(119);
    token = "revoked";
    expect((await rejection(publish("twitter", req()))).kind).toBe("invalid_credentials");
  });
});

describe("LinkedIn", () => {
  it("uploads the image through the Images API and creates a post with /rest/posts", async () => {
    const published = await publish("linkedin", req({ text: "Launch (v2) #news", media: [image()] }), { externalId: "782bbtaQ" });
    expect(published.platformPostId).toMatch(/^urn:li:share:7/);
    expect(published.url).toBe(`https://www.linkedin.com/feed/update/${published.platformPostId}/`);
    const [init, upload, post] = provider.requests;
    expect(init).toMatchObject({ path: "/api/linkedin/rest/images", query: { action: "initializeUpload" }, json: { initializeUploadRequest: { owner: "urn:li:person:782bbtaQ" } } });
    expect(upload).toMatchObject({ method: "PUT", path: "/api/linkedin/upload", bodySize: png.byteLength });
    expect(post!.json).toMatchObject({
      author: "urn:li:person:782bbtaQ",
      commentary: "Launch \\(v2\\) \\#news",
      visibility: "PUBLIC",
      lifecycleState: "PUBLISHED",
      content: { media: { id: expect.stringMatching(/^urn:li:image:/), altText: "A red square" } },
    });
  });

  it("posts a link as an article, reading the member id from /userinfo, and maps a 422 and a 429", async () => {
    await publish("linkedin", req({ link: "https://example.com/a" }));
    expect(provider.requests[0]!.path).toBe("/api/linkedin/userinfo");
    expect(provider.requests[1]!.json).toMatchObject({ author: "urn:li:person:782bbtaQ", content: { article: { source: "https://example.com/a" } } });
    provider.respondOnce("/api/linkedin/rest/posts", 422, { message: "commentary is too long", status: 422 });
    expect(await rejection(publish("linkedin", req(), { externalId: "x" }))).toMatchObject({ kind: "rejected", message: "LinkedIn refused the post: commentary is too long" });
    provider.respondOnce("/api/linkedin/rest/posts", 429, { message: "Throttled" }, { "retry-after": "30" });
    expect(await rejection(publish("linkedin", req(), { externalId: "x" }))).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 30 });
  });
});

describe("Google Business Profile", () => {
  it("creates a localPost on the stored location with a call to action and a photo", async () => {
    const metadata = { locations: [{ id: "locations/987654321" }] };
    const published = await publish("google_business", req({ link: "https://example.com/menu", media: [image()] }), { externalId: "accounts/1234567890", metadata });
    expect(published.platformPostId).toMatch(/^accounts\/1234567890\/locations\/987654321\/localPosts\//);
    expect(published.url).toBe("https://local.google.com/place?id=1&use=posts");
    expect(provider.requests[0]!.json).toEqual({
      languageCode: "en",
      summary: "Hello from SocialDesk",
      topicType: "STANDARD",
      callToAction: { actionType: "LEARN_MORE", url: "https://example.com/menu" },
      media: [{ mediaFormat: "PHOTO", sourceUrl: "https://cdn.example.com/red.png" }],
    });
  });

  it("finds the account and location when none are stored, and maps a refusal and a 429", async () => {
    await publish("google_business", req());
    expect(provider.requests.map((r) => r.path)).toEqual([
      "/api/google_business/accounts",
      "/api/google_business/info/accounts/1234567890/locations",
      "/api/google_business/v4/accounts/1234567890/locations/987654321/localPosts",
    ]);
    const path = "/api/google_business/v4/accounts/1234567890/locations/987654321/localPosts";
    provider.respondOnce(path, 400, { error: { code: 400, message: "Request contains an invalid argument.", status: "INVALID_ARGUMENT" } });
    const extra = { externalId: "accounts/1234567890", metadata: { locations: [{ id: "locations/987654321" }] } };
    expect((await rejection(publish("google_business", req(), extra))).kind).toBe("rejected");
    provider.respondOnce(path, 429, { error: { code: 429, message: "Quota exceeded", status: "RESOURCE_EXHAUSTED" } });
    expect((await rejection(publish("google_business", req(), extra))).kind).toBe("rate_limited");
  });
});

describe("Pinterest", () => {
  it("creates a Pin on the chosen board with the link and the image as base64", async () => {
    const published = await publish("pinterest", req({ media: [image()], options: { board: "549755885175", link: "https://example.com/p", title: "Red" } }));
    expect(published).toEqual({ platformPostId: "813744226420795884", url: "https://www.pinterest.com/pin/813744226420795884/" });
    expect(provider.requests[0]!.json).toEqual({
      board_id: "549755885175",
      description: "Hello from SocialDesk",
      title: "Red",
      link: "https://example.com/p",
      alt_text: "A red square",
      media_source: { source_type: "image_base64", content_type: "image/png", data: Buffer.from(png).toString("base64") },
    });
  });

  it("refuses without a board or image, and maps a 404 board and a 429", async () => {
    expect((await rejection(publish("pinterest", req({ media: [image()] })))).message).toMatch(/board/);
    expect((await rejection(publish("pinterest", req({ options: { board: "1" } })))).message).toMatch(/image/);
    expect(await rejection(publish("pinterest", req({ media: [image()], options: { board: "missing" } })))).toMatchObject({ kind: "rejected", message: "Pinterest refused the post: Board not found." });
    provider.respondOnce("/api/pinterest/pins", 429, { code: 8, message: "Rate limit" });
    expect((await rejection(publish("pinterest", req({ media: [image()], options: { board: "1" } })))).kind).toBe("rate_limited");
  });
});

describe("Reddit", () => {
  it("submits a self post with flair and NSFW, and a link post", async () => {
    const flair = "5e1ba2a4-3b5a-11ea-a9a9-0e2d3d2c1b1f";
    const published = await publish("reddit", req({ text: "Title line\nBody", options: { subreddit: "r/test", flair, nsfw: true } }));
    expect(published).toEqual({ platformPostId: "t3_1abcde", url: "https://www.reddit.com/r/test/comments/1abcde/post/" });
    expect(provider.requests[0]!.form).toMatchObject({ api_type: "json", sr: "test", kind: "self", title: "Title line", text: "Title line\nBody", nsfw: "true", flair_id: flair });
    provider.clear();
    await publish("reddit", req({ link: "https://example.com", options: { subreddit: "test", title: "A link", flair: "News" } }));
    expect(provider.requests[0]!.form).toMatchObject({ kind: "link", url: "https://example.com", title: "A link", flair_text: "News" });
  });

  it("reads Reddit's 200 errors: a missing subreddit is rejected, RATELIMIT is rate_limited with the wait", async () => {
    expect(await rejection(publish("reddit", req({ options: { subreddit: "doesnotexist" } })))).toMatchObject({
      kind: "rejected",
      message: "Reddit refused the post: that subreddit doesn't exist (SUBREDDIT_NOEXIST)",
    });
    expect(await rejection(publish("reddit", req({ options: { subreddit: "busy" } })))).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 300 });
    expect((await rejection(publish("reddit", req()))).message).toMatch(/subreddit/);
  });
});

describe("YouTube", () => {
  it("refuses a text or image post with a clear message", async () => {
    expect(await rejection(publish("youtube", req({ media: [image()] })))).toMatchObject({
      kind: "rejected",
      message: "YouTube refused the post: YouTube publishes videos only: add a video to post this to YouTube.",
    });
  });

  it("uploads a video with a resumable session: title, tags, visibility", async () => {
    const video = { bytes: new Uint8Array(1024), mimeType: "video/mp4", fileName: "clip.mp4" };
    const published = await publish("youtube", req({ media: [video], options: { visibility: "unlisted", tags: ["pizza", "food"] } }));
    expect(published).toEqual({ platformPostId: "dQw4w9WgXcQ", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" });
    const [session, upload] = provider.requests;
    expect(session).toMatchObject({ method: "POST", query: { uploadType: "resumable", part: "snippet,status" } });
    expect(session!.json).toMatchObject({ snippet: { title: "Hello from SocialDesk", tags: ["pizza", "food"] }, status: { privacyStatus: "unlisted" } });
    expect(upload).toMatchObject({ method: "PUT", path: "/api/youtube/upload/session-1", bodySize: 1024 });
  });
});

describe("publisherFor", () => {
  it("has a publisher for Bluesky and the OAuth platforms implemented, none for listings", () => {
    for (const platform of [...ALL, "bluesky"] as const) expect(publisherFor(platform)).toBeTypeOf("function");
    expect(publisherFor("yelp")).toBeNull();
  });
});
