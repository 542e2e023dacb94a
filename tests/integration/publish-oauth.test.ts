import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeVideo } from "../../infra/media/fixtures";
import { findPublished, type PublishRequest, publisherFor } from "../../infra/platforms";
import { TIKTOK_WHOLE_UPLOAD_MAX_BYTES, tiktokUploadPlan } from "../../infra/platforms/tiktok/publish";
import {
  FAKE_TIKTOK_POST_ID,
  type FakeOAuthPlatform,
  type OAuthProvider,
  startFakePlatforms,
} from "../support/oauth-provider";
import { platformRejection } from "../support/platforms";

/**
 * The OAuth platforms' publish calls against the local provider, which checks the bearer token,
 * method, path and body of each call and answers like the platform. Every request is checked here too.
 */

let provider: OAuthProvider;
let token: string;
const ALL: FakeOAuthPlatform[] = ["facebook", "instagram", "twitter", "linkedin", "tiktok", "google_business", "pinterest", "reddit", "threads", "youtube"];
let png: Uint8Array;

let stopPlatforms: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ provider, close: stopPlatforms } = await startFakePlatforms(ALL, { publishing: true }));
  png = new Uint8Array(await sharp({ create: { width: 4, height: 4, channels: 3, background: "#ff0000" } }).png().toBuffer());
});

afterAll(() => stopPlatforms?.());

beforeEach(() => {
  provider.clear();
  token = provider.grantAccessToken();
  // Bounds TikTok's status polling: a test that leaves a post processing waits a second, not a minute.
  process.env.TIKTOK_PUBLISH_WAIT_SECONDS = "1";
});

const req = (overrides: Partial<PublishRequest> = {}): PublishRequest => ({
  text: "Hello from SocialDesk",
  media: [],
  options: {},
  idempotencyKey: "post-1/account-1/0",
  ...overrides,
});
const image = () => ({ bytes: png, mimeType: "image/png", fileName: "red.png", alt: "A red square", url: "https://cdn.example.com/red.png" });

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
    expect((await platformRejection(publish("facebook", req(), { externalId: "101" }))).kind).toBe("invalid_credentials");
    provider.respondOnce("/api/facebook/101/feed", 400, { error: { message: "(#4) Application request limit reached", code: 4 } });
    expect((await platformRejection(publish("facebook", req(), { externalId: "101" }))).kind).toBe("rate_limited");
    const empty = await platformRejection(publish("facebook", req({ text: "" }), { externalId: "101" }));
    expect(empty).toMatchObject({ kind: "rejected", message: "Facebook refused the post: the post is empty." });
    provider.respondOnce("/api/facebook/101/feed", 400, { error: { message: "(#100) Param message is too long", code: 100 } });
    expect(await platformRejection(publish("facebook", req(), { externalId: "101" }))).toMatchObject({
      kind: "rejected",
      message: "Facebook refused the post: (#100) Param message is too long",
    });
    provider.respondOnce("/api/facebook/101/feed", 503, {});
    expect((await platformRejection(publish("facebook", req(), { externalId: "101" }))).kind).toBe("unavailable");
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
    expect((await platformRejection(publish("instagram", req(), { externalId: "17841400000000001" }))).kind).toBe("rejected");
    const { url: _url, ...noUrl } = image();
    expect((await platformRejection(publish("instagram", req({ media: [noUrl] }), { externalId: "17841400000000001" }))).message).toMatch(/public address/);
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
    expect((await platformRejection(publish("threads", req({ text: "a".repeat(501) })))).kind).toBe("rejected");
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

  it("posts a thread: each further post answers the one before, with the same reply_settings", async () => {
    const published = await publish("twitter", req({ options: { replyAudience: "followers", thread: ["Second", "  ", "Third"] } }));
    expect(published).toEqual({ platformPostId: "1890000000000000001", url: "https://x.com/i/web/status/1890000000000000001" });
    expect(provider.requestsTo("/api/twitter/tweets").map((r) => r.json)).toEqual([
      { text: "Hello from SocialDesk", reply_settings: "following" },
      { text: "Second", reply: { in_reply_to_tweet_id: "1890000000000000001" }, reply_settings: "following" },
      { text: "Third", reply: { in_reply_to_tweet_id: "1890000000000000002" }, reply_settings: "following" },
    ]);
  });

  it("keeps the post when a later post of the thread is refused, with a warning, and sends nothing after it", async () => {
    const reset = { "x-rate-limit-reset": String(Math.floor(Date.now() / 1000) + 120) };
    provider.respondOnce("/api/twitter/tweets", 429, { title: "Too Many Requests" }, reset, { after: 2 });
    const published = await publish("twitter", req({ options: { thread: ["Second", "Third", "Fourth"] } }));
    expect(published).toEqual({
      platformPostId: "1890000000000000001",
      url: "https://x.com/i/web/status/1890000000000000001",
      warnings: ["The thread stopped after 2 of 4 posts: X (Twitter) is limiting posts right now."],
    });
    expect(provider.requestsTo("/api/twitter/tweets")).toHaveLength(3);
  });

  it("maps a duplicate to rejected, 429 to rate_limited with the reset time, 401 to invalid_credentials", async () => {
    provider.respondOnce("/api/twitter/tweets", 403, { detail: "You are not allowed to create a Tweet with duplicate content.", title: "Forbidden" });
    expect((await platformRejection(publish("twitter", req()))).kind).toBe("rejected");
    provider.respondOnce("/api/twitter/tweets", 429, { title: "Too Many Requests" }, { "x-rate-limit-reset": String(Math.floor(Date.now() / 1000) + 120) });
    const limited = await platformRejection(publish("twitter", req()));
    expect(limited.kind).toBe("rate_limited");
    expect(limited.retryAfterSeconds).toBeGreaterThanOrEqual(119);
    token = "revoked";
    expect((await platformRejection(publish("twitter", req()))).kind).toBe("invalid_credentials");
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
    expect(await platformRejection(publish("linkedin", req(), { externalId: "x" }))).toMatchObject({ kind: "rejected", message: "LinkedIn refused the post: commentary is too long" });
    provider.respondOnce("/api/linkedin/rest/posts", 429, { message: "Throttled" }, { "retry-after": "30" });
    expect(await platformRejection(publish("linkedin", req(), { externalId: "x" }))).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 30 });
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
    expect((await platformRejection(publish("google_business", req(), extra))).kind).toBe("rejected");
    provider.respondOnce(path, 429, { error: { code: 429, message: "Quota exceeded", status: "RESOURCE_EXHAUSTED" } });
    expect((await platformRejection(publish("google_business", req(), extra))).kind).toBe("rate_limited");
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
    expect((await platformRejection(publish("pinterest", req({ media: [image()] })))).message).toMatch(/board/);
    expect((await platformRejection(publish("pinterest", req({ options: { board: "1" } })))).message).toMatch(/image/);
    expect(await platformRejection(publish("pinterest", req({ media: [image()], options: { board: "missing" } })))).toMatchObject({ kind: "rejected", message: "Pinterest refused the post: Board not found." });
    provider.respondOnce("/api/pinterest/pins", 429, { code: 8, message: "Rate limit" });
    expect((await platformRejection(publish("pinterest", req({ media: [image()], options: { board: "1" } })))).kind).toBe("rate_limited");
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
    expect(await platformRejection(publish("reddit", req({ options: { subreddit: "doesnotexist" } })))).toMatchObject({
      kind: "rejected",
      message: "Reddit refused the post: that subreddit doesn't exist (SUBREDDIT_NOEXIST)",
    });
    expect(await platformRejection(publish("reddit", req({ options: { subreddit: "busy" } })))).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 300 });
    expect((await platformRejection(publish("reddit", req()))).message).toMatch(/subreddit/);
  });
});

describe("YouTube", () => {
  it("refuses a text or image post with a clear message", async () => {
    expect(await platformRejection(publish("youtube", req({ media: [image()] })))).toMatchObject({
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

describe("TikTok", () => {
  const api = "/api/tiktok/post/publish";
  const video = () => ({ bytes: new Uint8Array(makeVideo({ mediaBytes: 4096 })), mimeType: "video/mp4", fileName: "clip.mp4" });
  const tiktokAnswer = (data: unknown) => ({ data, error: { code: "ok", message: "", log_id: "fake" } });
  const tiktokError = (code: string, message: string) => ({ error: { code, message, log_id: "fake" } });

  it("posts a video: creator info, init with one chunk, the bytes PUT with their range, then the status", async () => {
    const clip = video();
    const n = clip.bytes.byteLength;
    const published = await publish("tiktok", req({ media: [clip], link: "https://example.com/menu", options: { disableDuet: true } }));
    expect(published).toEqual({ platformPostId: FAKE_TIKTOK_POST_ID, url: `https://www.tiktok.com/@tiktester/video/${FAKE_TIKTOK_POST_ID}` });
    expect(provider.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST ${api}/creator_info/query/`,
      `POST ${api}/video/init/`,
      "PUT /api/tiktok/upload/video/",
      `POST ${api}/status/fetch/`,
    ]);
    const [creator, init, upload, status] = provider.requests;
    expect(creator).toMatchObject({ bearer: token, contentType: "application/json; charset=UTF-8", bodySize: 0 });
    expect(init).toMatchObject({ bearer: token, contentType: "application/json; charset=UTF-8" });
    expect(init!.json).toEqual({
      post_info: {
        title: "Hello from SocialDesk\n\nhttps://example.com/menu",
        privacy_level: "PUBLIC_TO_EVERYONE",
        disable_comment: false,
        disable_duet: true,
        disable_stitch: false,
      },
      source_info: { source: "FILE_UPLOAD", video_size: n, chunk_size: n, total_chunk_count: 1 },
    });
    // The upload address carries its own token: the account's is not sent to it.
    expect(upload).toMatchObject({ bearer: null, headers: { "content-type": "video/mp4", "content-length": String(n), "content-range": `bytes 0-${n - 1}/${n}` } });
    expect(Buffer.from(upload!.body).equals(Buffer.from(clip.bytes))).toBe(true);
    expect(status).toMatchObject({ bearer: token, contentType: "application/json; charset=UTF-8" });
    expect((status!.json as { publish_id: string }).publish_id).toMatch(/^v_pub_file~/);
  });

  it("uploads a video over 64 MB in sequential chunks, the last one taking the trailing bytes", async () => {
    const size = TIKTOK_WHOLE_UPLOAD_MAX_BYTES + 1;
    const bytes = new Uint8Array(size);
    for (let i = 0; i < size; i++) bytes[i] = i % 251;
    const published = await publish("tiktok", req({ media: [{ bytes, mimeType: "video/mp4", fileName: "long.mp4" }] }));
    expect(published.platformPostId).toBe(FAKE_TIKTOK_POST_ID);
    expect((provider.requestsTo(`${api}/video/init/`)[0]!.json as any).source_info).toEqual({
      source: "FILE_UPLOAD",
      video_size: size,
      chunk_size: 10_000_000,
      total_chunk_count: 6,
    });
    const puts = provider.requestsTo("/api/tiktok/upload/video/");
    expect(puts.map((p) => p.headers["content-range"])).toEqual([
      `bytes 0-9999999/${size}`,
      `bytes 10000000-19999999/${size}`,
      `bytes 20000000-29999999/${size}`,
      `bytes 30000000-39999999/${size}`,
      `bytes 40000000-49999999/${size}`,
      `bytes 50000000-64000000/${size}`,
    ]);
    expect(Buffer.concat(puts.map((p) => p.body)).equals(Buffer.from(bytes))).toBe(true);
  });

  it("plans chunks by TikTok's rules: whole up to 64 MB, else 5-64 MB chunks, at most 1000, the remainder in the last", () => {
    expect(tiktokUploadPlan(1)).toEqual({ chunkSize: 1, totalChunkCount: 1, chunks: [{ first: 0, last: 0 }] });
    expect(tiktokUploadPlan(64_000_000)).toMatchObject({ chunkSize: 64_000_000, totalChunkCount: 1 });
    for (const size of [64_000_001, 99_999_999, 250_000_000, 4 * 1024 ** 3, 20_000_000_000]) {
      const plan = tiktokUploadPlan(size);
      expect(plan.totalChunkCount).toBe(Math.floor(size / plan.chunkSize));
      expect(plan.totalChunkCount).toBeGreaterThanOrEqual(2);
      expect(plan.totalChunkCount).toBeLessThanOrEqual(1000);
      expect(plan.chunkSize).toBeGreaterThanOrEqual(5 * 1024 * 1024);
      expect(plan.chunkSize).toBeLessThanOrEqual(64_000_000);
      expect(plan.chunks).toHaveLength(plan.totalChunkCount);
      plan.chunks.forEach((chunk, i) => {
        expect(chunk.first).toBe(i * plan.chunkSize);
        if (i < plan.chunks.length - 1) expect(chunk.last - chunk.first + 1).toBe(plan.chunkSize);
      });
      const last = plan.chunks.at(-1)!;
      expect(last.last).toBe(size - 1);
      expect(last.last - last.first + 1).toBeLessThanOrEqual(128_000_000);
    }
  });

  it("posts photos by their public addresses, with the chosen privacy level, and warns of options TikTok has no field for", async () => {
    const second = { ...image(), url: "https://cdn.example.com/blue.png" };
    const text = "Our new menu\nFresh pizza every day";
    const options = { privacyLevel: "SELF_ONLY", disableComment: true, firstComment: "Hungry?" };
    const published = await publish("tiktok", req({ text, media: [image(), second], options }));
    expect(published).toEqual({
      platformPostId: FAKE_TIKTOK_POST_ID,
      url: `https://www.tiktok.com/@tiktester/photo/${FAKE_TIKTOK_POST_ID}`,
      warnings: ["TikTok's API takes no first comment: not applied."],
    });
    const init = provider.requestsTo(`${api}/content/init/`)[0]!;
    expect(init).toMatchObject({ method: "POST", bearer: token, contentType: "application/json; charset=UTF-8" });
    expect(init.json).toEqual({
      post_info: { title: "Our new menu", description: text, privacy_level: "SELF_ONLY", disable_comment: true, auto_add_music: true },
      source_info: { source: "PULL_FROM_URL", photo_cover_index: 0, photo_images: ["https://cdn.example.com/red.png", "https://cdn.example.com/blue.png"] },
      post_mode: "DIRECT_POST",
      media_type: "PHOTO",
    });
    expect((provider.requestsTo(`${api}/status/fetch/`)[0]!.json as { publish_id: string }).publish_id).toMatch(/^p_pub_url~/);
  });

  it("refuses a text-only post, photos without a public address and a video with photos, before calling TikTok", async () => {
    expect(await platformRejection(publish("tiktok", req()))).toMatchObject({ kind: "rejected", message: "TikTok refused the post: TikTok posts need a video or at least one photo." });
    const { url: _url, ...noUrl } = image();
    expect(await platformRejection(publish("tiktok", req({ media: [noUrl] })))).toMatchObject({ kind: "rejected", message: expect.stringMatching(/public address/) });
    expect(await platformRejection(publish("tiktok", req({ media: [video(), image()] })))).toMatchObject({ kind: "rejected", message: expect.stringMatching(/one video, or photos/) });
    expect(await platformRejection(publish("tiktok", req({ text: "a".repeat(2201), media: [video()] })))).toMatchObject({ kind: "rejected", message: expect.stringMatching(/2201 characters/) });
    expect(provider.requests).toHaveLength(0);
  });

  it("refuses a privacy level TikTok does not offer the account, naming those it does; without one, public, else the first offered", async () => {
    const refused = await platformRejection(publish("tiktok", req({ media: [video()], options: { privacyLevel: "MUTUAL_FOLLOW_FRIENDS" } })));
    expect(refused).toMatchObject({
      kind: "rejected",
      message: "TikTok refused the post: this account cannot post as MUTUAL_FOLLOW_FRIENDS; TikTok allows PUBLIC_TO_EVERYONE, FOLLOWER_OF_CREATOR, SELF_ONLY for it.",
    });
    expect(provider.requests.map((r) => r.path)).toEqual([`${api}/creator_info/query/`]);
    provider.clear();
    provider.respondOnce(`${api}/creator_info/query/`, 200, tiktokAnswer({ creator_username: "tiktester", privacy_level_options: ["FOLLOWER_OF_CREATOR", "SELF_ONLY"] }));
    await publish("tiktok", req({ media: [video()] }));
    expect((provider.requestsTo(`${api}/video/init/`)[0]!.json as any).post_info.privacy_level).toBe("FOLLOWER_OF_CREATOR");
  });

  it("maps TikTok's errors: bad token or scope reconnect, 429 rate limited, account and content refusals rejected, 5xx unavailable", async () => {
    const post = () => publish("tiktok", req({ media: [video()] }));
    token = "revoked";
    expect(await platformRejection(post())).toMatchObject({ kind: "invalid_credentials", status: 401, code: "access_token_invalid" });
    token = provider.grantAccessToken();
    provider.respondOnce(`${api}/creator_info/query/`, 401, tiktokError("scope_not_authorized", "The user did not authorize the scope required for completing this request."));
    expect(await platformRejection(post())).toMatchObject({ kind: "invalid_credentials", message: expect.stringMatching(/permission is missing/) });
    provider.respondOnce(`${api}/video/init/`, 429, tiktokError("rate_limit_exceeded", "API rate limit exceeded"), { "retry-after": "60" });
    expect(await platformRejection(post())).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 60 });
    provider.respondOnce(`${api}/video/init/`, 403, tiktokError("spam_risk_too_many_posts", "The daily post cap from the API is reached for the current user."));
    expect(await platformRejection(post())).toMatchObject({
      kind: "rejected",
      message: "TikTok refused the post: The daily post cap from the API is reached for the current user. (spam_risk_too_many_posts)",
    });
    provider.respondOnce(`${api}/creator_info/query/`, 500, tiktokError("internal_error", "Something went wrong."));
    expect(await platformRejection(post())).toMatchObject({ kind: "unavailable" });
    const unverified = { ...image(), url: "https://elsewhere.example.org/red.png" };
    expect(await platformRejection(publish("tiktok", req({ media: [unverified] })))).toMatchObject({ kind: "rejected", code: "url_ownership_unverified" });
  });

  it("rejects a post TikTok reports FAILED, with its reason", async () => {
    provider.respondOnce(`${api}/status/fetch/`, 200, tiktokAnswer({ status: "FAILED", fail_reason: "duration_check_failed", publicaly_available_post_id: [] }));
    expect(await platformRejection(publish("tiktok", req({ media: [video()] })))).toMatchObject({
      kind: "rejected",
      code: "duration_check_failed",
      message: "TikTok refused the post: duration check failed.",
    });
  });

  it("polls the status until TikTok is done", async () => {
    provider.respondOnce(`${api}/status/fetch/`, 200, tiktokAnswer({ status: "PROCESSING_DOWNLOAD", publicaly_available_post_id: [] }));
    process.env.TIKTOK_PUBLISH_WAIT_SECONDS = "0.3";
    const published = await publish("tiktok", req({ media: [image()] }));
    expect(published).toMatchObject({ platformPostId: FAKE_TIKTOK_POST_ID });
    expect(published.warnings).toBeUndefined();
    expect(provider.requestsTo(`${api}/status/fetch/`)).toHaveLength(2);
  });

  it("never throws a retryable error once TikTok took the post: still processing or an unreadable status answers the publish id with a warning", async () => {
    process.env.TIKTOK_PUBLISH_WAIT_SECONDS = "0";
    provider.respondOnce(`${api}/status/fetch/`, 200, tiktokAnswer({ status: "PROCESSING_UPLOAD" }));
    const processing = await publish("tiktok", req({ media: [video()] }));
    const publishId = (provider.requestsTo(`${api}/status/fetch/`)[0]!.json as { publish_id: string }).publish_id;
    expect(processing).toEqual({ platformPostId: publishId, url: null, warnings: [expect.stringMatching(/still processing/)] });
    provider.clear();
    provider.respondOnce(`${api}/status/fetch/`, 503, {});
    const unknown = await publish("tiktok", req({ media: [video()] }));
    expect(unknown).toMatchObject({ platformPostId: expect.stringMatching(/^v_pub_file~/), url: null, warnings: [expect.stringMatching(/could not be checked/)] });
  });
});

describe("publisherFor", () => {
  it("has a publisher for Bluesky and the OAuth platforms implemented, none for listings", () => {
    for (const platform of [...ALL, "bluesky"] as const) expect(publisherFor(platform)).toBeTypeOf("function");
    expect(publisherFor("yelp")).toBeNull();
  });
});
