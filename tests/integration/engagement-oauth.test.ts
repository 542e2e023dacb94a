import { randomBytes } from "node:crypto";
import type { Effect } from "effect";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PlatformId } from "../../domain/accounts/platforms";
import {
  completePublication,
  type EngagementCounts,
  type PostEvent,
  type PostState,
  postDecider,
  postStreamId,
  recordAttempt,
  recordPublishedToAccount,
} from "../../domain/publishing";
import { type AccountView, SocialAccounts } from "../../infra/accounts/SocialAccounts";
import { handleCommand } from "../../infra/eventstore/handle";
import { verifyProjections } from "../../infra/eventstore/rebuild";
import { projections } from "../../infra/modules";
import { fetchEngagement } from "../../infra/publishing/engagement";
import type { CurrentUser } from "../../infra/identity/current-user";
import { createTestApp } from "../support/database";
import { asUser, connectOAuthAccount, createTestPost, registerOwner } from "../support/publishing";
import { systemContext } from "../../domain/shared";
import {
  FAKE_TIKTOK_VIDEO_IDS,
  type FakeEngagement,
  type FakeOAuthPlatform,
  installEngagementRoutes,
  type OAuthProvider,
  startFakePlatforms,
} from "../support/oauth-provider";

/**
 * The fetch_engagement job on OAuth accounts: each platform's documented read call against the
 * local provider (which checks token, method, path, query and body), the figures recorded on the
 * post (PostEngagementRecorded, posts.engagement), batches, and failures kept to their account.
 */

process.env.TOKEN_ENCRYPTION_KEY ??= randomBytes(32).toString("hex");

let app: Awaited<ReturnType<typeof createTestApp>>;
let user: CurrentUser;
let provider: OAuthProvider;
let fake: FakeEngagement;
let stopPlatforms: (() => Promise<void>) | undefined;
const ALL: FakeOAuthPlatform[] = ["facebook", "instagram", "twitter", "linkedin", "tiktok", "google_business", "pinterest", "reddit", "threads", "youtube"];

beforeAll(async () => {
  app = await createTestApp();
  user = await registerOwner(app, { firstName: "Olga", lastName: "Oauth", emailPrefix: "eng-oauth", company: "Reach Co" });
  // Publishing's routes stay in place: X's GET /2/tweets read must not disturb its POST.
  ({ provider, close: stopPlatforms } = await startFakePlatforms(ALL, { publishing: true }));
  fake = installEngagementRoutes(provider);
});

afterAll(async () => {
  await stopPlatforms?.();
  await app?.close();
});

beforeEach(() => provider.clear());

const connect = (platform: PlatformId, externalId: string, accessToken = provider.grantAccessToken()) =>
  connectOAuthAccount(app, user, platform, externalId, accessToken);

/** A post published to these accounts under these platform ids, as the publish job records it. */
const publishedPost = async (targets: ReadonlyArray<{ account: AccountView; platformPostId: string }>) => {
  const postId = await createTestPost(
    app,
    user,
    "Counting on you",
    targets.map((t) => ({ accountId: t.account.id, platform: t.account.platform })),
    { publishNow: true },
  );
  const on = <E>(decide: (state: PostState) => Effect.Effect<ReadonlyArray<PostEvent>, E>) =>
    app.run(handleCommand(postStreamId(postId), postDecider, decide, asUser(user)));
  for (const { account, platformPostId } of targets) {
    await on(recordAttempt({ accountId: account.id, now: new Date() }));
    await on(recordPublishedToAccount({ accountId: account.id, platformPostId, url: null, publishedAt: new Date() }));
  }
  await on(completePublication({ now: new Date() }));
  return postId;
};

const engagementOf = async (postId: string) =>
  (await app.sql<{ engagement: Record<string, EngagementCounts> }[]>`select engagement from posts where id = ${postId}`)[0]!.engagement;

const recordedEvents = (postId: string) =>
  app.sql<{ data: { accountId: string; platform: string; likes: number; shares: number; comments: number; engagement: Record<string, EngagementCounts> } }[]>`
    select data from events where stream_id = ${postStreamId(postId)} and type = 'PostEngagementRecorded' order by stream_version`;

const unique = () => String(Date.now()) + String(Math.floor(Math.random() * 1000)).padStart(3, "0");

describe("fetching engagement from OAuth platforms", () => {
  it("records each platform's figures, read through its documented call, on the post; unchanged figures record nothing", async () => {
    const n = unique();
    const ids = {
      facebook: `101_${n}`,
      instagram: `1790${n}`,
      threads: `1789${n}`,
      twitter: `19${n}`,
      linkedin: `urn:li:share:7${n}`,
      youtube: `vid${n}`,
      pinterest: `8137${n}`,
      reddit: `t3_r${n}`,
      tiktok: FAKE_TIKTOK_VIDEO_IDS[0]!,
      google_business: `accounts/1234567890/locations/987654321/localPosts/${n}`,
    } satisfies Partial<Record<PlatformId, string>>;
    const accounts = {
      facebook: await connect("facebook", "101"),
      instagram: await connect("instagram", "17841400000000001"),
      threads: await connect("threads", "2580"),
      twitter: await connect("twitter", "2244994945"),
      linkedin: await connect("linkedin", "782bbtaQ"),
      youtube: await connect("youtube", "UC_x5XG1OV2P6uZZ5FSM9Ttw"),
      pinterest: await connect("pinterest", "549755885175"),
      reddit: await connect("reddit", "abc123"),
      tiktok: await connect("tiktok", "723f24d7-e717-40f8-a2b6-cb8464cd23b4"),
      google_business: await connect("google_business", "accounts/1234567890"),
    };
    fake.set("facebook", ids.facebook, { reactions: 12, comments: 3, shares: 2 });
    fake.set("instagram", ids.instagram, { like_count: 40, comments_count: 5 });
    fake.set("threads", ids.threads, { likes: 7, replies: 2, reposts: 3, quotes: 1 });
    fake.set("twitter", ids.twitter, { like_count: 9, retweet_count: 4, quote_count: 2, reply_count: 1 });
    fake.set("linkedin", ids.linkedin, { LIKE: 5, PRAISE: 2, EMPATHY: 1, comments: 3 });
    fake.set("youtube", ids.youtube, { likeCount: 30, commentCount: 4, viewCount: 900 });
    fake.set("pinterest", ids.pinterest, { reaction: 6, comment: 1, impression: 200 });
    fake.set("reddit", ids.reddit, { score: 15, num_comments: 8 });
    fake.set("tiktok", ids.tiktok, { like_count: 50, comment_count: 10, share_count: 3 });
    // Two posts, as the platforms would take them: a video for YouTube and TikTok, a photo for the others (Reddit and Business Profile take no video).
    const VIDEO_PLATFORMS = new Set(["youtube", "tiktok"]);
    const onPlatforms = (video: boolean) =>
      Object.entries(accounts)
        .filter(([platform]) => VIDEO_PLATFORMS.has(platform) === video)
        .map(([platform, account]) => ({ account, platformPostId: ids[platform as keyof typeof ids] }));
    const postId = await publishedPost(onPlatforms(false));
    const videoPostId = await publishedPost(onPlatforms(true));

    const first = await app.run(fetchEngagement(new Date()));
    expect(first.recorded).toBeGreaterThanOrEqual(9);

    const expected = {
      facebook: { likes: 12, shares: 2, comments: 3 },
      instagram: { likes: 40, shares: 0, comments: 5 },
      threads: { likes: 7, shares: 4, comments: 2 },
      twitter: { likes: 9, shares: 6, comments: 1 },
      linkedin: { likes: 8, shares: 0, comments: 3 },
      youtube: { likes: 30, shares: 0, comments: 4 },
      pinterest: { likes: 6, shares: 0, comments: 1 },
      reddit: { likes: 15, shares: 0, comments: 8 },
      tiktok: { likes: 50, shares: 3, comments: 10 },
    };
    const { youtube, tiktok, ...onPhotoPost } = expected;
    const onVideoPost = { youtube, tiktok };
    // Business Profile posts have no figures to read: left to the estimates, and never asked for.
    expect(await engagementOf(postId)).toEqual(onPhotoPost);
    expect(await engagementOf(videoPostId)).toEqual(onVideoPost);
    expect(provider.requestsTo("/api/google_business")).toEqual([]);
    for (const [id, figuresOf] of [[postId, onPhotoPost], [videoPostId, onVideoPost]] as const) {
      const events = await recordedEvents(id);
      expect(events).toHaveLength(Object.keys(figuresOf).length);
      for (const [platform, figures] of Object.entries(figuresOf)) {
        const account = accounts[platform as keyof typeof accounts];
        expect(events.find((e) => e.data.accountId === account.id)?.data).toMatchObject({ platform, ...figures });
      }
      expect(events.at(-1)!.data.engagement).toEqual(figuresOf);
    }

    // Each call as documented, with the account's own token (Facebook: the Page token read with it).
    const only = (path: string, method = "GET") => {
      const calls = provider.requests.filter((r) => r.path === path && r.method === method);
      expect(calls, path).toHaveLength(1);
      return calls[0]!;
    };
    expect(only("/api/facebook/101")).toMatchObject({ query: { fields: "access_token" }, bearer: accounts.facebook.accessToken });
    const facebookRead = only(`/api/facebook/${ids.facebook}`);
    expect(facebookRead.query.fields).toBe("reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares");
    expect(facebookRead.bearer).not.toBe(accounts.facebook.accessToken);
    expect(only(`/api/instagram/v23.0/${ids.instagram}`)).toMatchObject({
      query: { fields: "like_count,comments_count" },
      bearer: accounts.instagram.accessToken,
    });
    expect(only(`/api/threads/v1.0/${ids.threads}/insights`)).toMatchObject({
      query: { metric: "likes,replies,reposts,quotes" },
      bearer: accounts.threads.accessToken,
    });
    expect(only("/api/twitter/tweets")).toMatchObject({ query: { ids: ids.twitter, "tweet.fields": "public_metrics" }, bearer: accounts.twitter.accessToken });
    const linkedInRead = only("/api/linkedin/rest/socialMetadata");
    expect(linkedInRead.rawQuery).toBe(`ids=List(${encodeURIComponent(ids.linkedin)})`);
    expect(linkedInRead.headers).toMatchObject({ "linkedin-version": "202506", "x-restli-protocol-version": "2.0.0" });
    expect(linkedInRead.bearer).toBe(accounts.linkedin.accessToken);
    expect(only("/api/youtube/videos")).toMatchObject({ query: { part: "statistics", id: ids.youtube }, bearer: accounts.youtube.accessToken });
    expect(only(`/api/pinterest/pins/${ids.pinterest}`)).toMatchObject({ query: { pin_metrics: "true" }, bearer: accounts.pinterest.accessToken });
    expect(only("/api/reddit/api/info")).toMatchObject({ query: { id: ids.reddit }, bearer: accounts.reddit.accessToken });
    expect(only("/api/tiktok/video/query/", "POST")).toMatchObject({
      query: { fields: "id,like_count,comment_count,share_count" },
      json: { filters: { video_ids: [ids.tiktok] } },
      bearer: accounts.tiktok.accessToken,
    });

    // Unchanged: nothing recorded. Changed on one platform: that account's figures only.
    const again = await app.run(fetchEngagement(new Date()));
    expect(again.recorded).toBe(0);
    fake.set("twitter", ids.twitter, { like_count: 11, retweet_count: 4, quote_count: 2, reply_count: 1 });
    expect((await app.run(fetchEngagement(new Date()))).recorded).toBe(1);
    expect((await engagementOf(postId)).twitter).toEqual({ likes: 11, shares: 6, comments: 1 });

    expect((await app.run(verifyProjections(projections))).differences).toEqual([]);
  });

  it("asks for several posts in one call where the platform takes several ids", async () => {
    const n = unique();
    const x = await connect("twitter", `x-${n}`);
    const yt = await connect("youtube", `yt-${n}`);
    const reddit = await connect("reddit", `rd-${n}`);
    const tiktok = await connect("tiktok", `tt-${n}`);
    const linkedin = await connect("linkedin", `li-${n}`);
    const batches = {
      twitter: { account: x, ids: [`21${n}`, `22${n}`, `23${n}`] },
      youtube: { account: yt, ids: [`a${n}`, `b${n}`] },
      reddit: { account: reddit, ids: [`t3_a${n}`, `t3_b${n}`] },
      tiktok: { account: tiktok, ids: FAKE_TIKTOK_VIDEO_IDS.slice(1) },
      linkedin: { account: linkedin, ids: [`urn:li:share:8${n}`, `urn:li:ugcPost:9${n}`] },
    };
    const figures = {
      like_count: 2,
      retweet_count: 1,
      reply_count: 1,
      likeCount: 2,
      commentCount: 1,
      score: 2,
      num_comments: 1,
      comment_count: 1,
      share_count: 1,
      LIKE: 2,
      comments: 1,
    };
    const postIds: string[] = [];
    for (const [platform, { account, ids }] of Object.entries(batches)) {
      for (const id of ids) {
        fake.set(platform as keyof typeof batches, id, figures);
        postIds.push(await publishedPost([{ account, platformPostId: id }]));
      }
    }

    await app.run(fetchEngagement(new Date()));

    const callsWith = (path: string, bearer: string) => provider.requests.filter((r) => r.path === path && r.bearer === bearer);
    const xCalls = callsWith("/api/twitter/tweets", x.accessToken);
    expect(xCalls).toHaveLength(1);
    expect(xCalls[0]!.query.ids!.split(",").sort()).toEqual([...batches.twitter.ids].sort());
    const ytCalls = callsWith("/api/youtube/videos", yt.accessToken);
    expect(ytCalls).toHaveLength(1);
    expect(ytCalls[0]!.query.id!.split(",").sort()).toEqual([...batches.youtube.ids].sort());
    const redditCalls = callsWith("/api/reddit/api/info", reddit.accessToken);
    expect(redditCalls).toHaveLength(1);
    expect(redditCalls[0]!.query.id!.split(",").sort()).toEqual([...batches.reddit.ids].sort());
    const tiktokCalls = callsWith("/api/tiktok/video/query/", tiktok.accessToken);
    expect(tiktokCalls).toHaveLength(1);
    expect([...(tiktokCalls[0]!.json as { filters: { video_ids: string[] } }).filters.video_ids].sort()).toEqual([...batches.tiktok.ids].sort());
    const linkedInCalls = callsWith("/api/linkedin/rest/socialMetadata", linkedin.accessToken);
    expect(linkedInCalls).toHaveLength(1);
    expect(linkedInCalls[0]!.rawQuery).toMatch(/^ids=List\(urn%3Ali%3A[^,]+,urn%3Ali%3A[^,]+\)$/);

    // Every post got its own figures, TikTok's int64 ids matched to the digit.
    for (const postId of postIds) expect(Object.values(await engagementOf(postId))).toHaveLength(1);
    const [tiktokPost] = postIds.slice(7, 8);
    expect((await engagementOf(tiktokPost!)).tiktok).toEqual({ likes: 2, shares: 1, comments: 1 });
  });

  it("leaves a post deleted on the platform with the figures it had", async () => {
    const n = unique();
    const ig = await connect("instagram", `ig-${n}`);
    const x = await connect("twitter", `xd-${n}`);
    const [gone, kept] = [`1791${n}`, `1792${n}`];
    fake.set("instagram", gone, { like_count: 3, comments_count: 1 });
    fake.set("instagram", kept, { like_count: 4, comments_count: 0 });
    fake.set("twitter", `31${n}`, { like_count: 5 });
    const gonePost = await publishedPost([
      { account: ig, platformPostId: gone },
      { account: x, platformPostId: `31${n}` },
    ]);
    const keptPost = await publishedPost([{ account: ig, platformPostId: kept }]);
    await app.run(fetchEngagement(new Date()));
    expect((await engagementOf(gonePost)).instagram).toEqual({ likes: 3, shares: 0, comments: 1 });

    fake.remove("instagram", gone);
    fake.remove("twitter", `31${n}`);
    fake.set("instagram", kept, { like_count: 6, comments_count: 0 });
    await app.run(fetchEngagement(new Date()));
    expect(await engagementOf(gonePost)).toEqual({ instagram: { likes: 3, shares: 0, comments: 1 }, twitter: { likes: 5, shares: 0, comments: 0 } });
    expect(await recordedEvents(gonePost)).toHaveLength(2);
    // The missing post did not stop the account's other posts.
    expect((await engagementOf(keptPost)).instagram).toEqual({ likes: 6, shares: 0, comments: 0 });
  });

  it("skips an account its platform refuses (401) or cannot serve (500), or whose token cannot be read, recording the others and marking nothing", async () => {
    const n = unique();
    const revokedX = await connect("twitter", `revoked-${n}`, `revoked-${n}`);
    const goodX = await connect("twitter", `good-${n}`);
    const revokedIg = await connect("instagram", `ig-revoked-${n}`, `ig-revoked-${n}`);
    const flakyPin = await connect("pinterest", `pin-flaky-${n}`);
    const goodPin = await connect("pinterest", `pin-good-${n}`);
    const waiting = await connect("youtube", `yt-waiting-${n}`);
    const unreadable = await connect("reddit", `rd-unreadable-${n}`);
    // As after a change of TOKEN_ENCRYPTION_KEY: its stored token can no longer be decrypted.
    await app.sql`update account_credentials set ciphertext = 'v1.AAAA.AAAA.AAAA' where account_id = ${unreadable.id}`;
    await app.run(
      SocialAccounts.use((a) =>
        a.requireReconnect(
          {
            accountId: waiting.id,
            workspaceId: user.workspaceId,
            platform: "youtube",
            kind: "oauth",
          },
          "YouTube refused to renew access",
          systemContext("tokens", new Date(), "test"),
        ),
      ),
    );
    const figures = { like_count: 4, comments_count: 2, reaction: 4, comment: 2, likeCount: 4, score: 4 };
    for (const [platform, id] of [
      ["twitter", `41${n}`],
      ["twitter", `42${n}`],
      ["instagram", `1793${n}`],
      ["instagram", `1794${n}`],
      ["pinterest", `91${n}`],
      ["pinterest", `92${n}`],
      ["pinterest", `93${n}`],
      ["youtube", `w${n}`],
      ["reddit", `t3_u${n}`],
    ] as const)
      fake.set(platform, id, figures);
    const posts = {
      revokedX: await publishedPost([{ account: revokedX, platformPostId: `41${n}` }]),
      goodX: await publishedPost([{ account: goodX, platformPostId: `42${n}` }]),
      revokedIg: await publishedPost([
        { account: revokedIg, platformPostId: `1793${n}` },
        { account: goodX, platformPostId: `42${n}` },
      ]),
      revokedIgSecond: await publishedPost([{ account: revokedIg, platformPostId: `1794${n}` }]),
      flakyPin: await publishedPost([{ account: flakyPin, platformPostId: `91${n}` }]),
      flakyPinSecond: await publishedPost([{ account: flakyPin, platformPostId: `92${n}` }]),
      goodPin: await publishedPost([{ account: goodPin, platformPostId: `93${n}` }]),
      waiting: await publishedPost([{ account: waiting, platformPostId: `w${n}` }]),
      unreadable: await publishedPost([{ account: unreadable, platformPostId: `t3_u${n}` }]),
    };
    provider.respondOnce(`/api/pinterest/pins/91${n}`, 500, { code: 0, message: "Internal error" });

    const result = await app.run(fetchEngagement(new Date()));

    expect(result.skipped).toBeGreaterThanOrEqual(6);
    expect(await engagementOf(posts.goodX)).toEqual({ twitter: { likes: 4, shares: 0, comments: 0 } });
    expect(await engagementOf(posts.goodPin)).toEqual({ pinterest: { likes: 4, shares: 0, comments: 2 } });
    expect(await engagementOf(posts.revokedIg)).toEqual({ twitter: { likes: 4, shares: 0, comments: 0 } });
    for (const skipped of [posts.revokedX, posts.revokedIgSecond, posts.flakyPin, posts.flakyPinSecond, posts.waiting, posts.unreadable])
      expect(await engagementOf(skipped)).toEqual({});
    // A refused token ends that account's reads (one call, not one per post); the outage too.
    expect(provider.requests.filter((r) => r.path.startsWith("/api/instagram/") && r.bearer === revokedIg.accessToken)).toHaveLength(1);
    expect(provider.requests.filter((r) => r.path.startsWith("/api/pinterest/pins/") && r.bearer === flakyPin.accessToken)).toHaveLength(1);
    // An account waiting for a reconnect is not asked at all.
    expect(provider.requests.filter((r) => r.bearer === waiting.accessToken)).toEqual([]);
    // The token refresh owns "Reconnect needed": nothing is marked here.
    const statuses = await app.sql<{ id: string; status: string }[]>`
      select id, status from social_accounts where id = any(${[revokedX.id, revokedIg.id, flakyPin.id]}::uuid[])`;
    expect(statuses.map((s) => s.status)).toEqual(["connected", "connected", "connected"]);

    // The next run reads the platform that was down.
    await app.run(fetchEngagement(new Date()));
    expect(await engagementOf(posts.flakyPin)).toEqual({ pinterest: { likes: 4, shares: 0, comments: 2 } });
  });
});
