import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { publishGoogleBusiness } from "../../infra/platforms/google/publish";
import type { PublishRequest } from "../../infra/platforms/provider";
import { deleteGoogleReply, googlePerformance, listGoogleLocations, listGoogleReviews, replyGoogleReview } from "../../infra/platforms/google/reviews";
import { replyYelpReview, yelpAliasOf, yelpBusiness, yelpConfigured, yelpRespondConfigured } from "../../infra/platforms/yelp/reviews";
import { PlatformError } from "../../infra/platforms/types";
import type { OAuthProvider } from "../support/oauth-provider";
import { FAKE_GOOGLE_ACCOUNT, FAKE_LOCATIONS, FAKE_YELP, type FakeReviews, PERFORMANCE_METRICS, startReviewPlatforms } from "../support/review-platforms";

/**
 * The review clients (infra/platforms/reviews) called directly against the local provider, which
 * checks each request as Google's and Yelp's APIs do: Business Profile locations (paged), reviews read
 * back to a cursor, replies posted, edited and deleted, performance per day; Yelp's excerpts and
 * Respond to Reviews; failures as PlatformErrors; business posts by type to several locations.
 */

let provider: OAuthProvider;
let fake: FakeReviews;
let close: (() => Promise<void>) | undefined;
let token: string;

beforeAll(async () => {
  ({ provider, fake, close } = await startReviewPlatforms());
  token = provider.grantAccessToken();
});

afterAll(async () => {
  await close?.();
});

beforeEach(() => provider.clear());

const credentials = (extra: { externalId?: string | null; metadata?: Record<string, unknown> } = {}) => ({
  accessToken: token,
  externalId: FAKE_GOOGLE_ACCOUNT,
  metadata: {},
  ...extra,
});
const failure = async (promise: Promise<unknown>): Promise<PlatformError> => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformError);
    return error as PlatformError;
  }
  throw new Error("expected a PlatformError");
};
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const reviewsPath = (location: string) => `/api/google_business/v4/${FAKE_GOOGLE_ACCOUNT}/${location}/reviews`;

describe("Business Profile locations", () => {
  it("reads every page of the Business Information API, with categories, address and voice of merchant", async () => {
    const locations = await listGoogleLocations(credentials());
    expect(locations).toEqual([
      {
        externalId: "locations/987654321",
        name: "Lee Dental Downtown",
        address: "1 Main St, Springfield, IL, 62701",
        isVerified: true,
        categories: ["Dentist", "Cosmetic dentist", "Emergency dental service"],
        mapsUri: "https://maps.google.com/maps?cid=1",
      },
      {
        externalId: "locations/555000111",
        name: "Lee Dental Northside",
        address: "9 North Ave, Springfield, 62702",
        isVerified: false,
        categories: ["Dentist"],
        mapsUri: null,
      },
    ]);
    const asked = provider.requestsTo("/api/google_business/info/");
    expect(asked.map((r) => [r.method, r.query.pageToken ?? "", r.query.pageSize, r.bearer])).toEqual([
      ["GET", "", "100", token],
      ["GET", "p2", "100", token],
    ]);
    expect(asked[0]!.query.readMask!.split(",")).toEqual(expect.arrayContaining(["name", "title", "storefrontAddress", "categories", "metadata"]));
  });

  it("finds the account with the Account Management API when the credentials carry none", async () => {
    await listGoogleLocations(credentials({ externalId: null }));
    expect(provider.requests.map((r) => r.path)).toEqual([
      "/api/google_business/accounts",
      `/api/google_business/info/${FAKE_GOOGLE_ACCOUNT}/locations`,
      `/api/google_business/info/${FAKE_GOOGLE_ACCOUNT}/locations`,
    ]);
  });
});

describe("Business Profile reviews", () => {
  const [downtown, northside] = FAKE_LOCATIONS;

  it("reads every review newest update first, mapping stars, anonymous reviewers and replies; a later read stops at its cursor", async () => {
    fake.review({
      location: downtown,
      id: "a1",
      reviewer: "Jane Smith",
      stars: "TWO",
      comment: "Long wait.",
      createTime: minutesAgo(500),
      updateTime: minutesAgo(500),
    });
    fake.review({ location: downtown, id: "a2", reviewer: null, stars: "FIVE", createTime: minutesAgo(400), updateTime: minutesAgo(400) });
    fake.review({
      location: downtown,
      id: "a3",
      reviewer: "Unrated",
      stars: "STAR_RATING_UNSPECIFIED",
      createTime: minutesAgo(350),
      updateTime: minutesAgo(350),
    });
    fake.review({
      location: downtown,
      id: "a4",
      reviewer: "Marc Roy",
      stars: "FOUR",
      comment: "Kind staff",
      createTime: minutesAgo(300),
      updateTime: minutesAgo(300),
      reply: { comment: "Thank you, Marc!", updateTime: minutesAgo(290) },
    });
    // Google writes times with up to nine fractional digits.
    const precise = `${minutesAgo(200).slice(0, 19)}.123456789Z`;
    fake.review({ location: downtown, id: "a5", reviewer: "Li Wei", stars: "THREE", comment: "OK", createTime: precise, updateTime: precise });

    const first = await listGoogleReviews(credentials(), downtown, null);
    expect(first.reviews.map((r) => [r.externalId.split("/").pop(), r.reviewerName, r.rating, r.content])).toEqual([
      ["a5", "Li Wei", 3, "OK"],
      ["a4", "Marc Roy", 4, "Kind staff"],
      ["a2", "A Google user", 5, ""],
      ["a1", "Jane Smith", 2, "Long wait."],
    ]);
    const [liWei, marc, anonymous] = first.reviews;
    expect(liWei).toMatchObject({
      externalId: `${FAKE_GOOGLE_ACCOUNT}/${downtown}/reviews/a5`,
      locationId: downtown,
      reviewerAvatar: "https://lh3.googleusercontent.com/a/a5",
      reviewedAt: new Date(precise).toISOString(),
      updatedAt: new Date(precise).toISOString(),
      response: null,
    });
    expect(marc!.response).toEqual({ text: "Thank you, Marc!", at: expect.stringMatching(/Z$/) });
    expect(anonymous).toMatchObject({ reviewerName: "A Google user", reviewerAvatar: null });
    // The unrated review counts in Google's figures, not in ours.
    expect(first).toMatchObject({ averageRating: 3.5, totalReviews: 5, newest: liWei!.updatedAt });
    const pages = provider.requestsTo(reviewsPath(downtown));
    expect(pages.map((r) => [r.query.pageSize, r.query.orderBy, r.query.pageToken ?? ""])).toEqual([
      ["50", "updateTime desc", ""],
      ["50", "updateTime desc", "2"],
      ["50", "updateTime desc", "4"],
    ]);
    expect(pages.every((r) => r.bearer === token)).toBe(true);

    // Nothing changed: one page, nothing new, the cursor stays.
    provider.clear();
    const again = await listGoogleReviews(credentials(), downtown, first.newest);
    expect(again).toMatchObject({ reviews: [], newest: first.newest, totalReviews: 5 });
    expect(provider.requestsTo(reviewsPath(downtown))).toHaveLength(1);

    // Jane changed her review: only hers comes back, and the cursor moves to it.
    provider.clear();
    const changed = new Date().toISOString();
    fake.review({
      location: downtown,
      id: "a1",
      reviewer: "Jane Smith",
      stars: "FOUR",
      comment: "They called back.",
      createTime: minutesAgo(500),
      updateTime: changed,
    });
    const later = await listGoogleReviews(credentials(), downtown, first.newest);
    expect(later.reviews.map((r) => [r.reviewerName, r.rating, r.content, r.updatedAt])).toEqual([["Jane Smith", 4, "They called back.", changed]]);
    expect(later.newest).toBe(changed);
    expect(provider.requestsTo(reviewsPath(downtown))).toHaveLength(1);

    // A cursor between pages: the read stops on the page holding the first older review.
    provider.clear();
    const middle = await listGoogleReviews(credentials(), downtown, minutesAgo(350));
    expect(middle.reviews.map((r) => r.externalId.split("/").pop())).toEqual(["a1", "a5", "a4"]);
    expect(provider.requestsTo(reviewsPath(downtown)).map((r) => r.query.pageToken ?? "")).toEqual(["", "2"]);
  });

  it("reads at most 20 pages", async () => {
    for (let i = 0; i < 45; i += 1) {
      const at = minutesAgo(1000 + i);
      fake.review({ location: northside, id: `n${i}`, reviewer: `Patient ${i}`, stars: "FIVE", comment: "Great", createTime: at, updateTime: at });
    }
    const read = await listGoogleReviews(credentials(), `${FAKE_GOOGLE_ACCOUNT}/${northside}`, null);
    expect(provider.requestsTo(reviewsPath(northside))).toHaveLength(20);
    expect(read.reviews).toHaveLength(40);
    expect(read).toMatchObject({ totalReviews: 45, averageRating: 5, newest: read.reviews[0]!.updatedAt });
  });

  it("replies with updateReply, edits with the same call and deletes with deleteReply", async () => {
    const name = fake.review({
      location: downtown,
      id: "r1",
      reviewer: "Ann",
      stars: "ONE",
      comment: "Rude.",
      createTime: minutesAgo(30),
      updateTime: minutesAgo(30),
    });
    const path = `/api/google_business/v4/${name}/reply`;

    const replied = await replyGoogleReview(credentials(), name, "  We are sorry, Ann. Please call us.  ");
    expect(replied).toEqual({ text: "We are sorry, Ann. Please call us.", at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/) });
    const edited = await replyGoogleReview(credentials(), name, "We are sorry, Ann. Please call us at 555-0100.");
    expect(edited.text).toBe("We are sorry, Ann. Please call us at 555-0100.");
    expect(fake.reviews.find((r) => r.id === "r1")!.reply?.comment).toBe("We are sorry, Ann. Please call us at 555-0100.");

    await deleteGoogleReply(credentials(), name);
    expect(fake.reviews.find((r) => r.id === "r1")!.reply).toBeUndefined();
    expect(provider.requestsTo(path).map((r) => [r.method, r.bearer, r.json])).toEqual([
      ["PUT", token, { comment: "We are sorry, Ann. Please call us." }],
      ["PUT", token, { comment: "We are sorry, Ann. Please call us at 555-0100." }],
      ["DELETE", token, undefined],
    ]);

    // Nothing to delete any more, then the review itself is gone.
    expect(await failure(deleteGoogleReply(credentials(), name))).toMatchObject({ kind: "rejected", status: 404 });
    fake.remove(downtown, "r1");
    const gone = await failure(replyGoogleReview(credentials(), name, "Hello"));
    expect(gone).toMatchObject({ kind: "rejected", status: 404, message: "Google no longer has this review; it may have been removed on Google." });

    // An empty reply never leaves.
    provider.clear();
    expect(await failure(replyGoogleReview(credentials(), name, "   "))).toMatchObject({ kind: "rejected" });
    expect(provider.requestsTo(path)).toHaveLength(0);
  });

  it("answers Google's refusals as PlatformErrors: a bad token, a rate limit, a missing permission, an outage, a refused reply", async () => {
    const name = fake.review({ location: downtown, id: "e1", reviewer: "Bo", stars: "THREE", createTime: minutesAgo(20), updateTime: minutesAgo(20) });

    const expired = await failure(listGoogleReviews({ accessToken: "expired-token", externalId: FAKE_GOOGLE_ACCOUNT }, downtown, null));
    expect(expired).toMatchObject({
      kind: "invalid_credentials",
      status: 401,
      message: "Google Business Profile no longer accepts this connection. Reconnect the account.",
    });

    const quota = {
      error: { code: 429, message: "Quota exceeded for quota metric 'Requests' and limit 'Requests per minute'.", status: "RESOURCE_EXHAUSTED" },
    };
    provider.respondOnce(reviewsPath(downtown), 429, quota, { "retry-after": "30" });
    const limited = await failure(listGoogleReviews(credentials(), downtown, null));
    expect(limited).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 30, code: "RESOURCE_EXHAUSTED" });
    expect(limited.message).toBe("Google Business Profile is limiting requests right now; trying again in 30 s.");

    provider.respondOnce(reviewsPath(downtown), 429, quota);
    const unsaid = await failure(listGoogleReviews(credentials(), downtown, null));
    expect(unsaid.kind).toBe("rate_limited");
    expect(unsaid.retryAfterSeconds).toBeUndefined();

    provider.respondOnce(`/api/google_business/info/${FAKE_GOOGLE_ACCOUNT}/locations`, 403, {
      error: { code: 403, message: "The caller does not have permission", status: "PERMISSION_DENIED" },
    });
    const denied = await failure(listGoogleLocations(credentials()));
    expect(denied).toMatchObject({ kind: "invalid_credentials", status: 403 });
    expect(denied.message).toMatch(/^Google Business Profile refused access to this account \(The caller does not have permission\)\. Reconnect/);

    provider.respondOnce(`/api/google_business/v4/${name}/reply`, 503, {
      error: { code: 503, message: "The service is currently unavailable.", status: "UNAVAILABLE" },
    });
    expect(await failure(replyGoogleReview(credentials(), name, "Thanks"))).toMatchObject({ kind: "unavailable", status: 503 });

    provider.respondOnce(`/api/google_business/v4/${name}/reply`, 400, {
      error: { code: 400, message: "Reply contains prohibited content.", status: "INVALID_ARGUMENT" },
    });
    expect(await failure(replyGoogleReview(credentials(), name, "Thanks"))).toMatchObject({
      kind: "rejected",
      code: "INVALID_ARGUMENT",
      message: "Google refused: Reply contains prohibited content.",
    });

    expect(await failure(listGoogleLocations({ accessToken: "" }))).toMatchObject({ kind: "invalid_credentials" });
  });
});

describe("Business Profile performance", () => {
  const [downtown, northside] = FAKE_LOCATIONS;

  it("asks every metric for the range and answers one entry per day, 0 where Google has nothing", async () => {
    fake.performance(northside, "2026-03-01", "BUSINESS_IMPRESSIONS_DESKTOP_MAPS", 12);
    fake.performance(northside, "2026-03-01", "BUSINESS_IMPRESSIONS_MOBILE_MAPS", 3);
    fake.performance(northside, "2026-03-01", "BUSINESS_IMPRESSIONS_DESKTOP_SEARCH", 1);
    fake.performance(northside, "2026-03-01", "BUSINESS_IMPRESSIONS_MOBILE_SEARCH", 2);
    fake.performance(northside, "2026-03-01", "CALL_CLICKS", 4);
    fake.performance(northside, "2026-03-01", "BUSINESS_DIRECTION_REQUESTS", 5);
    fake.performance(northside, "2026-03-01", "WEBSITE_CLICKS", 6);
    fake.performance(northside, "2026-03-03", "CALL_CLICKS", 1);
    fake.performance(northside, "2026-02-28", "WEBSITE_CLICKS", 9);

    const days = await googlePerformance(credentials(), northside, "2026-02-28", "2026-03-03");
    expect(days).toEqual([
      { day: "2026-02-28", views: 0, searches: 0, calls: 0, directions: 0, websiteClicks: 9 },
      { day: "2026-03-01", views: 15, searches: 3, calls: 4, directions: 5, websiteClicks: 6 },
      { day: "2026-03-02", views: 0, searches: 0, calls: 0, directions: 0, websiteClicks: 0 },
      { day: "2026-03-03", views: 0, searches: 0, calls: 1, directions: 0, websiteClicks: 0 },
    ]);
    const [asked] = provider.requestsTo(`/api/google_business/performance/${northside}:fetchMultiDailyMetricsTimeSeries`);
    expect(asked).toMatchObject({ method: "GET", bearer: token });
    const params = new URLSearchParams(asked!.rawQuery);
    expect(params.getAll("dailyMetrics").sort()).toEqual([...PERFORMANCE_METRICS].sort());
    expect(
      Object.fromEntries(["startDate", "endDate"].flatMap((d) => ["year", "month", "day"].map((p) => [`${d}.${p}`, params.get(`dailyRange.${d}.${p}`)]))),
    ).toEqual({ "startDate.year": "2026", "startDate.month": "2", "startDate.day": "28", "endDate.year": "2026", "endDate.month": "3", "endDate.day": "3" });
  });

  it("refuses a range it cannot ask for, without calling Google", async () => {
    expect(await failure(googlePerformance(credentials(), downtown, "2026-03-05", "2026-03-01"))).toMatchObject({ kind: "rejected" });
    expect(await failure(googlePerformance(credentials(), downtown, "2026-02-30", "2026-03-01"))).toMatchObject({ kind: "rejected" });
    expect(provider.requests).toHaveLength(0);
  });
});

describe("Yelp", () => {
  it("knows a business page's alias", () => {
    expect(yelpAliasOf(`https://www.yelp.com/biz/${FAKE_YELP.alias}`)).toBe(FAKE_YELP.alias);
    expect(yelpAliasOf(`https://m.yelp.com/biz/${FAKE_YELP.alias}?osq=dentist#reviews`)).toBe(FAKE_YELP.alias);
    expect(yelpAliasOf("https://www.yelp.com/biz/caf%C3%A9-du-monde-new-orleans")).toBe("café-du-monde-new-orleans");
    expect(yelpAliasOf("https://www.yelp.com/user_details?userid=u1")).toBeNull();
    expect(yelpAliasOf("https://example.com/biz/lee-dental")).toBeNull();
    expect(yelpAliasOf("not a url")).toBeNull();
  });

  it("reads the rating, count and excerpts with the server's key; Pacific times become instants", async () => {
    fake.yelpReview({
      id: "yelp-review-2",
      rating: 2,
      text: "Billing mix-up...",
      time_created: "2026-07-04 12:00:00",
      user: { id: "u2", name: "Sue K.", image_url: "https://s3-media1.fl.yelpcdn.com/photo/u2.jpg" },
    });
    expect(yelpConfigured()).toBe(true);
    const business = await yelpBusiness(FAKE_YELP.alias);
    expect(business).toMatchObject({ rating: 4.5, reviewCount: 212, url: expect.stringMatching(/^https:\/\/www\.yelp\.com\/biz\/lee-dental-springfield/) });
    expect(business.reviews.map((r) => [r.externalId, r.reviewerName, r.reviewerAvatar, r.rating, r.content, r.reviewedAt, r.locationId, r.response])).toEqual([
      ["yelp-review-1", "Tom B.", null, 5, "Friendly staff and a spotless office...", "2026-11-20T17:30:00.000Z", null, null],
      ["yelp-review-2", "Sue K.", "https://s3-media1.fl.yelpcdn.com/photo/u2.jpg", 2, "Billing mix-up...", "2026-07-04T19:00:00.000Z", null, null],
    ]);
    expect(business.reviews[0]!.url).toMatch(/hrid=yelp-review-1/);
    const asked = provider.requestsTo("/api/yelp/v3/");
    expect(asked.map((r) => [r.method, r.path, r.bearer, r.query.sort_by ?? null])).toEqual([
      ["GET", `/api/yelp/v3/businesses/${FAKE_YELP.alias}`, FAKE_YELP.key, null],
      ["GET", `/api/yelp/v3/businesses/${FAKE_YELP.alias}/reviews`, FAKE_YELP.key, "newest"],
    ]);
  });

  it("says what went wrong: no key, a refused key, no such business, a rate limit", async () => {
    const key = process.env.YELP_API_KEY;
    try {
      delete process.env.YELP_API_KEY;
      expect(yelpConfigured()).toBe(false);
      expect(await failure(yelpBusiness(FAKE_YELP.alias))).toMatchObject({ kind: "invalid_credentials" });
      expect(provider.requests).toHaveLength(0);
      process.env.YELP_API_KEY = "revoked-key";
      const refused = await failure(yelpBusiness(FAKE_YELP.alias));
      expect(refused).toMatchObject({ kind: "invalid_credentials", status: 401, code: "UNAUTHORIZED_ACCESS_TOKEN" });
      expect(refused.message).toMatch(/YELP_API_KEY/);
    } finally {
      process.env.YELP_API_KEY = key;
    }
    expect(await failure(yelpBusiness(FAKE_YELP.missingAlias))).toMatchObject({ kind: "rejected", status: 404, code: "BUSINESS_NOT_FOUND" });

    const reset = new Date(Date.now() + 3_600_000).toISOString();
    provider.respondOnce(
      `/api/yelp/v3/businesses/${FAKE_YELP.alias}`,
      429,
      { error: { code: "ACCESS_LIMIT_REACHED", description: "You've reached the access limit for this client." } },
      { "ratelimit-resettime": reset },
    );
    const daily = await failure(yelpBusiness(FAKE_YELP.alias));
    expect(daily).toMatchObject({ kind: "rate_limited", code: "ACCESS_LIMIT_REACHED" });
    expect(daily.retryAfterSeconds).toBeGreaterThan(3500);
    expect(daily.retryAfterSeconds).toBeLessThanOrEqual(3600);

    provider.respondOnce(
      `/api/yelp/v3/businesses/${FAKE_YELP.alias}/reviews`,
      429,
      { error: { code: "TOO_MANY_REQUESTS_PER_SECOND", description: "You have exceeded the queries-per-second limit for this endpoint." } },
      { "retry-after": "2" },
    );
    expect(await failure(yelpBusiness(FAKE_YELP.alias))).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 2 });
  });

  it("responds through Respond to Reviews with the partner token; Yelp's refusals are told apart", async () => {
    expect(yelpRespondConfigured()).toBe(true);
    const answered = await replyYelpReview("yelp-review-1", "  Thanks, Tom!  ");
    expect(answered).toEqual({ text: "Thanks, Tom!", at: expect.stringMatching(/Z$/) });
    const [posted] = provider.requestsTo("/api/yelp-partner/");
    expect(posted).toMatchObject({
      method: "POST",
      path: "/api/yelp-partner/reviews/v1/yelp-review-1",
      bearer: FAKE_YELP.r2rToken,
      json: { response_text: "Thanks, Tom!", response_type: "public_comment" },
    });
    expect(posted!.contentType).toMatch(/^application\/json/);
    expect(fake.yelpResponses.get("yelp-review-1")).toBe("Thanks, Tom!");

    expect(await failure(replyYelpReview("yelp-review-1", "Thanks, Tom!"))).toMatchObject({
      kind: "rejected",
      code: "R2R_INVALID_RESPONSE_TEXT",
      message: "Yelp refused: Invalid response text.",
    });
    expect(await failure(replyYelpReview(FAKE_YELP.missingReview, "Hello"))).toMatchObject({ kind: "rejected", code: "R2R_REVIEW_DOES_NOT_EXIST" });

    provider.respondOnce("/api/yelp-partner/reviews/v1/yelp-review-1", 400, {
      error: { id: "R2R_COMMENT_QUOTA_EXCEEDED", description: "You have made too many comments recently.", http_code: "400" },
    });
    expect(await failure(replyYelpReview("yelp-review-1", "Once more"))).toMatchObject({ kind: "rate_limited", code: "R2R_COMMENT_QUOTA_EXCEEDED" });
    provider.respondOnce("/api/yelp-partner/reviews/v1/yelp-review-1", 400, {
      error: { id: "R2R_BUSINESS_NOT_CLAIMED", description: "Cannot determine the status of your business.", http_code: "400" },
    });
    expect(await failure(replyYelpReview("yelp-review-1", "Once more"))).toMatchObject({ kind: "not_eligible" });

    const token = process.env.YELP_R2R_ACCESS_TOKEN;
    try {
      process.env.YELP_R2R_ACCESS_TOKEN = "expired";
      expect(await failure(replyYelpReview("yelp-review-1", "Once more"))).toMatchObject({ kind: "invalid_credentials", status: 401, code: "INVALID_TOKEN" });
      delete process.env.YELP_R2R_ACCESS_TOKEN;
      expect(yelpRespondConfigured()).toBe(false);
      provider.clear();
      expect(await failure(replyYelpReview("yelp-review-1", "Once more"))).toMatchObject({ kind: "invalid_credentials" });
      expect(provider.requests).toHaveLength(0);
    } finally {
      process.env.YELP_R2R_ACCESS_TOKEN = token;
    }
  });
});

describe("Business posts by type", () => {
  const today = new Date().toISOString().slice(0, 10).split("-").map(Number);
  const request = (
    postType: "offer" | "event" | "product",
    data: Record<string, string>,
    locationIds: ReadonlyArray<string> = FAKE_LOCATIONS,
  ): PublishRequest => ({
    text: "Spring at Lee Dental",
    media: [],
    options: {},
    idempotencyKey: "business-1",
    business: { postType, data, locationIds },
  });
  const posted = () => provider.requestsTo("/api/google_business/v4/").filter((r) => r.path.endsWith("/localPosts"));

  it("posts an OFFER to each of two locations: its title, today until its end date, coupon and terms", async () => {
    const published = await publishGoogleBusiness(
      credentials(),
      request("offer", {
        offerTitle: "20% off whitening",
        couponCode: "SMILE20",
        validUntil: "2099-12-31",
        offerDescription: "New patients only.",
        termsConditions: "One per patient.",
      }),
    );
    const bodies = posted();
    expect(bodies.map((r) => [r.method, r.path, r.bearer])).toEqual([
      ["POST", `/api/google_business/v4/${FAKE_GOOGLE_ACCOUNT}/${FAKE_LOCATIONS[0]}/localPosts`, token],
      ["POST", `/api/google_business/v4/${FAKE_GOOGLE_ACCOUNT}/${FAKE_LOCATIONS[1]}/localPosts`, token],
    ]);
    const expected = {
      languageCode: "en",
      topicType: "OFFER",
      summary: "Spring at Lee Dental\n\nNew patients only.",
      event: {
        title: "20% off whitening",
        schedule: { startDate: { year: today[0], month: today[1], day: today[2] }, endDate: { year: 2099, month: 12, day: 31 } },
      },
      offer: { couponCode: "SMILE20", termsConditions: "One per patient." },
    };
    expect(bodies[0]!.json).toEqual(expected);
    expect(bodies[1]!.json).toEqual(expected);
    expect(published).toEqual({
      platformPostId: expect.stringMatching(/^accounts\/1234567890\/locations\/987654321\/localPosts\/\d+$/),
      url: expect.any(String),
    });
  });

  it("posts an EVENT on its day and time to each location, its place in the text", async () => {
    await publishGoogleBusiness(credentials(), request("event", { eventTitle: "Open house", eventDate: "2099-05-02T15:30", eventLocation: "1 Main St" }));
    const bodies = posted();
    expect(bodies).toHaveLength(2);
    for (const body of bodies) {
      expect(body.json).toEqual({
        languageCode: "en",
        topicType: "EVENT",
        summary: "Spring at Lee Dental\n\nWhere: 1 Main St",
        event: {
          title: "Open house",
          schedule: {
            startDate: { year: 2099, month: 5, day: 2 },
            endDate: { year: 2099, month: 5, day: 2 },
            startTime: { hours: 15, minutes: 30 },
            endTime: { hours: 23, minutes: 59 },
          },
        },
      });
    }
    provider.clear();
    await publishGoogleBusiness(credentials(), request("event", { eventTitle: "Open house", eventDate: "2099-05-02" }, [FAKE_LOCATIONS[0]]));
    expect((posted()[0]!.json as { event: unknown }).event).toEqual({
      title: "Open house",
      schedule: { startDate: { year: 2099, month: 5, day: 2 }, endDate: { year: 2099, month: 5, day: 2 } },
    });
  });

  it("names a location that failed after the first was posted; refuses a bad offer before posting anything", async () => {
    provider.respondOnce(`/api/google_business/v4/${FAKE_GOOGLE_ACCOUNT}/${FAKE_LOCATIONS[1]}/localPosts`, 400, {
      error: { code: 400, message: "Request contains an invalid argument.", status: "INVALID_ARGUMENT" },
    });
    const published = await publishGoogleBusiness(
      credentials({ metadata: { locations: [{ id: FAKE_LOCATIONS[1], title: "Lee Dental Northside" }] } }),
      request("product", { productName: "Whitening kit", productPrice: "$49", productUrl: "https://leedental.example/kit" }),
    );
    expect(published.platformPostId).toMatch(/locations\/987654321\/localPosts\//);
    expect(published.warnings).toEqual([
      "Not posted to Lee Dental Northside (locations/555000111): Google Business Profile refused the post: Request contains an invalid argument.",
    ]);
    expect(posted()[0]!.json).toMatchObject({
      topicType: "STANDARD",
      summary: "Whitening kit — $49\n\nSpring at Lee Dental",
      callToAction: { actionType: "SHOP", url: "https://leedental.example/kit" },
    });

    provider.clear();
    expect(await failure(publishGoogleBusiness(credentials(), request("offer", { validUntil: "2099-01-01" })))).toMatchObject({
      kind: "rejected",
      message: "Google Business Profile refused the post: an offer needs a title.",
    });
    expect(await failure(publishGoogleBusiness(credentials(), request("offer", { offerTitle: "Old", validUntil: "2001-01-01" })))).toMatchObject({
      kind: "rejected",
      message: "Google Business Profile refused the post: the offer's end date has passed.",
    });
    expect(posted()).toHaveLength(0);
  });
});
