import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AccountView, SocialAccounts } from "../../infra/accounts/SocialAccounts";
import type { CurrentUser } from "../../infra/identity/current-user";
import { PlatformError } from "../../infra/platforms/types";
import { publishGoogleBusiness } from "../../infra/platforms/google/publish";
import { locationPerformance } from "../../infra/reviews/performance";
import { pollReviews } from "../../infra/reviews/poll";
import { deleteReviewResponse, respondToReview } from "../../infra/reviews/respond";
import { Reviews } from "../../infra/reviews/Reviews";
import { createTestApp } from "../support/database";
import { type OAuthProvider, startFakePlatforms } from "../support/oauth-provider";
import { callerFor, connectOAuthAccount, registerOwner } from "../support/publishing";
import { FAKE_GOOGLE_ACCOUNT, FAKE_LOCATIONS, FAKE_YELP, fakeReviewEnv, installReviewRoutes } from "../support/review-platforms";

/**
 * Google Business Profile and Yelp reviews against the local provider that checks each request:
 * locations (Business Information API, paged), reviews read from a cursor (v4, newest update first),
 * replies posted, edited and deleted (updateReply, deleteReply), a reply written on Google found;
 * performance per day (fetchMultiDailyMetricsTimeSeries); offers and events posted to two locations;
 * Yelp's excerpts and a response through Respond to Reviews.
 */

process.env.TOKEN_ENCRYPTION_KEY ??= randomBytes(32).toString("hex");

let app: Awaited<ReturnType<typeof createTestApp>>;
let user: CurrentUser;
let provider: OAuthProvider;
let fake: ReturnType<typeof installReviewRoutes>;
let stop: (() => Promise<void>) | undefined;
let google: AccountView & { accessToken: string };
const saved = { ...process.env };

beforeAll(async () => {
  app = await createTestApp();
  user = await registerOwner(app, { firstName: "Ann", lastName: "Lee", emailPrefix: "reviews-google", company: "Lee Dental" });
  // Only workspaces whose plan has review management are read.
  await app.sql`update workspaces set subscription_tier = 'professional', subscription_status = 'active' where id = ${user.workspaceId}`;
  ({ provider, close: stop } = await startFakePlatforms(["google_business"], { publishing: true }));
  Object.assign(process.env, fakeReviewEnv(provider.url));
  fake = installReviewRoutes(provider);
  google = await connectOAuthAccount(app, user, "google_business", FAKE_GOOGLE_ACCOUNT, provider.grantAccessToken());
}, 120_000);

afterAll(async () => {
  for (const key of Object.keys(fakeReviewEnv(""))) if (saved[key] === undefined) delete process.env[key];
  await stop?.();
  await app?.close();
});

beforeEach(() => provider.clear());

const due = () => app.sql`update review_polls set next_poll_at = now() - interval '1 minute'`;
const reviewsOf = () =>
  app.sql<{ id: string; external_id: string; reviewer_name: string; rating: number; content: string; response_text: string | null; location_id: string }[]>`
    select id, external_id, reviewer_name, rating, content, response_text, location_id from reviews where account_id = ${google.id} order by reviewed_at`;

describe("Google Business Profile reviews", () => {
  it("reads the locations and their reviews once, then only what changed; a reply written on Google is found", async () => {
    const t = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    fake.review({ location: FAKE_LOCATIONS[0], id: "r1", reviewer: "Jane Smith", stars: "TWO", comment: "Long wait.", createTime: t(300), updateTime: t(300) });
    fake.review({ location: FAKE_LOCATIONS[0], id: "r2", reviewer: null, stars: "FIVE", createTime: t(200), updateTime: t(200) });
    fake.review({ location: FAKE_LOCATIONS[0], id: "r3", reviewer: "Marc Roy", stars: "FOUR", comment: "Kind staff", createTime: t(100), updateTime: t(100) });
    fake.review({ location: FAKE_LOCATIONS[1], id: "n1", reviewer: "Li Wei", stars: "THREE", comment: "OK", createTime: t(50), updateTime: t(50) });

    await app.run(pollReviews(new Date()));
    expect((await reviewsOf()).map((r) => [r.reviewer_name, r.rating, r.content, r.location_id])).toEqual([
      ["Jane Smith", 2, "Long wait.", "locations/987654321"],
      ["A Google user", 5, "", "locations/987654321"],
      ["Marc Roy", 4, "Kind staff", "locations/987654321"],
      ["Li Wei", 3, "OK", "locations/555000111"],
    ]);
    const locations = await app.run(Reviews.use((r) => r.locations(user.workspaceId)));
    expect(locations.map((l) => [l.name, l.address, l.isVerified, l.categories, l.rating, l.totalReviews])).toEqual([
      ["Lee Dental Downtown", "1 Main St, Springfield, IL, 62701", true, ["Dentist", "Cosmetic dentist", "Emergency dental service"], 3.7, 3],
      ["Lee Dental Northside", "9 North Ave, Springfield, 62702", false, ["Dentist"], 3, 1],
    ]);
    // Two locations' pages of the Business Information API, and the reviews in pages of two.
    expect(provider.requestsTo("/api/google_business/info/").map((r) => r.query.pageToken ?? "")).toEqual(["", "p2"]);
    expect(provider.requestsTo(`/api/google_business/v4/${FAKE_GOOGLE_ACCOUNT}/${FAKE_LOCATIONS[0]}/reviews`).map((r) => r.query.pageToken ?? "")).toEqual([
      "",
      "2",
    ]);

    // Nothing new: the next read stops at the first review it already has.
    provider.clear();
    await due();
    await app.run(pollReviews(new Date()));
    expect(provider.requestsTo(`/api/google_business/v4/${FAKE_GOOGLE_ACCOUNT}/${FAKE_LOCATIONS[0]}/reviews`)).toHaveLength(1);
    expect(await reviewsOf()).toHaveLength(4);

    // Jane changed her stars and the owner answered on Google: both are recorded.
    fake.review({
      location: FAKE_LOCATIONS[0],
      id: "r1",
      reviewer: "Jane Smith",
      stars: "FOUR",
      comment: "They called me back. Better.",
      createTime: t(300),
      updateTime: t(1),
      reply: { comment: "Thanks, Jane!", updateTime: t(1) },
    });
    await due();
    await app.run(pollReviews(new Date()));
    const jane = (await reviewsOf()).find((r) => r.reviewer_name === "Jane Smith")!;
    expect(jane).toMatchObject({ rating: 4, content: "They called me back. Better.", response_text: "Thanks, Jane!" });
    const history = await app.sql<{ type: string }[]>`select type from events where stream_id = ${`review-${jane.id}`} order by stream_version`;
    expect(history.map((e) => e.type)).toEqual(["ReviewReceived", "ReviewRevised", "ReviewResponded"]);
  });

  it("posts a reply with updateReply, edits it with the same call and deletes it with deleteReply; a refusal records nothing", async () => {
    const [, anonymous] = await reviewsOf();
    const caller = callerFor(user);
    const answered = await app.run(respondToReview(caller, anonymous!.id, "  Thank you for the five stars!  "));
    expect(answered).toMatchObject({ responseText: "Thank you for the five stars!", responseWay: "posted", replyStatus: "replied" });
    const [put] = provider.requestsTo(`/api/google_business/v4/${anonymous!.external_id}/reply`);
    expect(put).toMatchObject({ method: "PUT", json: { comment: "Thank you for the five stars!" }, bearer: google.accessToken });

    const edited = await app.run(respondToReview(caller, anonymous!.id, "Thank you! See you soon."));
    expect(edited.responseText).toBe("Thank you! See you soon.");
    expect(fake.reviews.find((r) => r.id === "r2")!.reply?.comment).toBe("Thank you! See you soon.");

    const removed = await app.run(deleteReviewResponse(caller, anonymous!.id));
    expect(removed).toMatchObject({ hasResponse: false, replyStatus: "read" });
    expect(provider.requestsTo(`/api/google_business/v4/${anonymous!.external_id}/reply`).map((r) => r.method)).toEqual(["PUT", "PUT", "DELETE"]);

    provider.respondOnce(`/api/google_business/v4/${anonymous!.external_id}/reply`, 400, {
      error: { code: 400, message: "Reply contains prohibited content.", status: "INVALID_ARGUMENT" },
    });
    await expect(app.run(respondToReview(caller, anonymous!.id, "Hello"))).rejects.toThrow(
      "Failed to post review response. Google refused: Reply contains prohibited content.",
    );
    expect((await reviewsOf()).find((r) => r.id === anonymous!.id)!.response_text).toBeNull();
  });

  it("reads a location's figures per day, filling the days Google leaves out", async () => {
    const [downtown] = await app.run(Reviews.use((r) => r.locations(user.workspaceId)));
    const performance = await app.run(locationPerformance(user.workspaceId, downtown!.id, 7, new Date("2026-11-24T12:00:00Z")));
    expect(performance.from).toBe("2026-11-17");
    expect(performance.to).toBe("2026-11-23");
    expect(performance.days).toHaveLength(7);
    expect(performance.days.slice(0, 3)).toEqual([
      { day: "2026-11-17", views: 40, searches: 5, calls: 2, directions: 0, websiteClicks: 0 },
      { day: "2026-11-18", views: 4, searches: 7, calls: 0, directions: 3, websiteClicks: 0 },
      { day: "2026-11-19", views: 0, searches: 0, calls: 0, directions: 0, websiteClicks: 0 },
    ]);
    expect(performance.totals).toEqual({ views: 44, searches: 12, calls: 2, directions: 3, websiteClicks: 0 });
  });
});

describe("Google business posts", () => {
  const credentials = () => ({ accessToken: google.accessToken, externalId: FAKE_GOOGLE_ACCOUNT, metadata: {} });
  const request = (business: { postType: "offer" | "event" | "product"; data: Record<string, string> }, text = "Spring at Lee Dental") => ({
    text,
    media: [],
    options: {},
    idempotencyKey: "k1",
    business: { ...business, locationIds: [...FAKE_LOCATIONS] },
  });

  it("an offer goes to each location as an OFFER with its title, dates and coupon", async () => {
    const published = await publishGoogleBusiness(
      credentials(),
      request({
        postType: "offer",
        data: { offerTitle: "20% off whitening", couponCode: "SMILE20", validUntil: "2099-12-31", offerDescription: "New patients only." },
      }),
    );
    expect(published.platformPostId).toMatch(/^accounts\/1234567890\/locations\/987654321\/localPosts\//);
    const posts = provider.requestsTo("/api/google_business/v4/").filter((r) => r.path.endsWith("/localPosts"));
    expect(posts.map((p) => p.path.split("/")[7])).toEqual(["987654321", "555000111"]);
    const today = new Date().toISOString().slice(0, 10).split("-").map(Number);
    expect(posts[0]!.json).toMatchObject({
      topicType: "OFFER",
      summary: "Spring at Lee Dental\n\nNew patients only.",
      event: {
        title: "20% off whitening",
        schedule: { startDate: { year: today[0], month: today[1], day: today[2] }, endDate: { year: 2099, month: 12, day: 31 } },
      },
      offer: { couponCode: "SMILE20" },
    });
  });

  it("an event is an EVENT on its day and time with its place in the text; a product opens with its name and price; a bad offer is refused", async () => {
    await publishGoogleBusiness(
      credentials(),
      request({ postType: "event", data: { eventTitle: "Open house", eventDate: "2099-05-02T15:30", eventLocation: "1 Main St" } }),
    );
    const [event] = provider.requestsTo("/api/google_business/v4/").filter((r) => r.path.endsWith("/localPosts"));
    expect(event!.json).toMatchObject({
      topicType: "EVENT",
      summary: "Spring at Lee Dental\n\nWhere: 1 Main St",
      event: { title: "Open house", schedule: { startDate: { year: 2099, month: 5, day: 2 }, startTime: { hours: 15, minutes: 30 } } },
    });
    provider.clear();
    await publishGoogleBusiness(
      credentials(),
      request({ postType: "product", data: { productName: "Whitening kit", productPrice: "$49", productUrl: "https://leedental.example/kit" } }),
    );
    const [product] = provider.requestsTo("/api/google_business/v4/").filter((r) => r.path.endsWith("/localPosts"));
    expect(product!.json).toMatchObject({
      topicType: "STANDARD",
      summary: "Whitening kit — $49\n\nSpring at Lee Dental",
      callToAction: { actionType: "SHOP", url: "https://leedental.example/kit" },
    });

    const expired = publishGoogleBusiness(credentials(), request({ postType: "offer", data: { offerTitle: "Old", validUntil: "2001-01-01" } }));
    await expect(expired).rejects.toBeInstanceOf(PlatformError);
    await expect(expired).rejects.toMatchObject({ kind: "rejected", message: "Google Business Profile refused the post: the offer's end date has passed." });
  });
});

describe("Yelp", () => {
  it("reads a listing's excerpts with the Fusion key and responds through Respond to Reviews", async () => {
    const listing = await app.run(
      SocialAccounts.use((a) =>
        a.connect(callerFor(user), {
          platform: "yelp",
          kind: "listing",
          profile: {
            externalId: `https://www.yelp.com/biz/${FAKE_YELP.alias}`,
            accountName: "Lee Dental",
            username: null,
            avatarUrl: null,
            followers: 0,
            profileUrl: `https://www.yelp.com/biz/${FAKE_YELP.alias}`,
            metadata: {},
          },
          credentials: null,
          tokenExpiresAt: null,
        }),
      ),
    );
    await app.run(pollReviews(new Date()));
    const [review] = await app.sql<{ id: string; reviewer_name: string; rating: number; reviewed_at: Date }[]>`
      select id, reviewer_name, rating, reviewed_at from reviews where account_id = ${listing.account.id}`;
    expect(review).toMatchObject({ reviewer_name: "Tom B.", rating: 5 });
    expect(review!.reviewed_at.toISOString()).toBe("2026-11-20T17:30:00.000Z");
    expect(provider.requestsTo("/api/yelp/v3/").every((r) => r.bearer === FAKE_YELP.key)).toBe(true);

    const answered = await app.run(respondToReview(callerFor(user), review!.id, "Thanks, Tom!"));
    expect(answered).toMatchObject({ postsThroughApi: true, responseWay: "posted" });
    expect(provider.requestsTo("/api/yelp-partner/")[0]).toMatchObject({
      method: "POST",
      json: { response_text: "Thanks, Tom!", response_type: "public_comment" },
    });
  });
});
