import { ApiReply, type OAuthProvider, type RecordedRequest } from "./oauth-provider";

/**
 * Google Business Profile's review calls and Yelp's, for tests, on the local provider: the documented
 * reads (Business Information locations, v4 reviews newest update first with pages, the Performance
 * API's daily series, Yelp's business and reviews) answer what a test wrote; the writes (updateReply,
 * deleteReply, Yelp's Respond to Reviews) check method, token and body as the real ones do.
 */

export const FAKE_GOOGLE_ACCOUNT = "accounts/1234567890";
export const FAKE_LOCATIONS = ["locations/987654321", "locations/555000111"] as const;
export const FAKE_YELP = { key: "yelp-test-key", r2rToken: "yelp-r2r-token", alias: "lee-dental-springfield" } as const;

export interface FakeGoogleReview {
  readonly location: (typeof FAKE_LOCATIONS)[number];
  readonly id: string;
  readonly reviewer: string | null;
  readonly stars: "ONE" | "TWO" | "THREE" | "FOUR" | "FIVE";
  readonly comment?: string;
  readonly createTime: string;
  updateTime: string;
  reply?: { comment: string; updateTime: string };
}

const googleError = (code: number, status: string, message: string) => new ApiReply(code, { error: { code, message, status } });
const needs = (q: RecordedRequest, method: string) => (q.method !== method ? googleError(405, "METHOD_NOT_ALLOWED", `Use ${method}.`) : null);

export const installReviewRoutes = (provider: OAuthProvider) => {
  const reviews: FakeGoogleReview[] = [];
  const nameOf = (r: FakeGoogleReview) => `${FAKE_GOOGLE_ACCOUNT}/${r.location}/reviews/${r.id}`;
  const gb = "/api/google_business";

  // Business Information API: the account's locations, 1 per page (so paging is exercised).
  provider.route(`${gb}/info/${FAKE_GOOGLE_ACCOUNT}/locations`, (q) => {
    if (!q.query.readMask?.includes("categories")) return googleError(400, "INVALID_ARGUMENT", "readMask is required.");
    const page = q.query.pageToken === "p2" ? 1 : 0;
    const location = [
      {
        name: FAKE_LOCATIONS[0],
        title: "Lee Dental Downtown",
        storefrontAddress: { addressLines: ["1 Main St"], locality: "Springfield", administrativeArea: "IL", postalCode: "62701" },
        categories: {
          primaryCategory: { displayName: "Dentist" },
          additionalCategories: [{ displayName: "Cosmetic dentist" }, { displayName: "Emergency dental service" }],
        },
        metadata: { hasVoiceOfMerchant: true, mapsUri: "https://maps.google.com/maps?cid=1" },
      },
      {
        name: FAKE_LOCATIONS[1],
        title: "Lee Dental Northside",
        storefrontAddress: { addressLines: ["9 North Ave"], locality: "Springfield", postalCode: "62702" },
        categories: { primaryCategory: { displayName: "Dentist" } },
        metadata: { hasVoiceOfMerchant: false },
      },
    ][page];
    return { locations: [location], ...(page === 0 ? { nextPageToken: "p2" } : {}) };
  });

  // v4 reviews, newest update first, two per page.
  for (const location of FAKE_LOCATIONS) {
    provider.route(`${gb}/v4/${FAKE_GOOGLE_ACCOUNT}/${location}/reviews`, (q) => {
      if (q.query.orderBy !== "updateTime desc") return googleError(400, "INVALID_ARGUMENT", "orderBy");
      const size = Math.min(2, Number(q.query.pageSize ?? 50));
      const all = reviews.filter((r) => r.location === location).sort((a, b) => b.updateTime.localeCompare(a.updateTime));
      const start = Number(q.query.pageToken ?? 0);
      const page = all.slice(start, start + size);
      const rated = all.map((r) => ["ONE", "TWO", "THREE", "FOUR", "FIVE"].indexOf(r.stars) + 1);
      return {
        reviews: page.map((r) => ({
          name: nameOf(r),
          reviewId: r.id,
          reviewer: r.reviewer ? { displayName: r.reviewer, profilePhotoUrl: `https://lh3.googleusercontent.com/${r.id}` } : { isAnonymous: true },
          starRating: r.stars,
          ...(r.comment ? { comment: r.comment } : {}),
          createTime: r.createTime,
          updateTime: r.updateTime,
          ...(r.reply ? { reviewReply: r.reply } : {}),
        })),
        averageRating: rated.length ? rated.reduce((a, b) => a + b, 0) / rated.length : 0,
        totalReviewCount: all.length,
        ...(start + size < all.length ? { nextPageToken: String(start + size) } : {}),
      };
    });
  }

  const replyRoute = (review: FakeGoogleReview) =>
    provider.route(`${gb}/v4/${nameOf(review)}/reply`, (q) => {
      if (q.method === "DELETE") {
        if (!review.reply) return googleError(404, "NOT_FOUND", "Requested entity was not found.");
        delete review.reply;
        return {};
      }
      const refused = needs(q, "PUT");
      if (refused) return refused;
      const comment = (q.json as { comment?: unknown } | undefined)?.comment;
      if (typeof comment !== "string" || comment.trim() === "") return googleError(400, "INVALID_ARGUMENT", "Request contains an invalid argument.");
      if (comment.length > 4096) return googleError(400, "INVALID_ARGUMENT", "Reply is too long.");
      review.reply = { comment, updateTime: new Date().toISOString() };
      return review.reply;
    });

  // Performance API: every metric and both dates must be asked; days with nothing are left out, values are strings.
  const PERFORMANCE_METRICS = [
    "BUSINESS_IMPRESSIONS_DESKTOP_MAPS",
    "BUSINESS_IMPRESSIONS_MOBILE_MAPS",
    "BUSINESS_IMPRESSIONS_DESKTOP_SEARCH",
    "BUSINESS_IMPRESSIONS_MOBILE_SEARCH",
    "CALL_CLICKS",
    "BUSINESS_DIRECTION_REQUESTS",
    "WEBSITE_CLICKS",
  ];
  for (const location of FAKE_LOCATIONS) {
    provider.route(`${gb}/performance/${location}:fetchMultiDailyMetricsTimeSeries`, (q) => {
      const refused = needs(q, "GET");
      if (refused) return refused;
      const asked = new URLSearchParams(q.rawQuery).getAll("dailyMetrics");
      const dates = ["startDate", "endDate"].map((d) => ["year", "month", "day"].map((p) => q.query[`dailyRange.${d}.${p}`]));
      if (PERFORMANCE_METRICS.some((m) => !asked.includes(m)) || dates.flat().some((v) => !v)) {
        return googleError(400, "INVALID_ARGUMENT", "dailyMetrics and dailyRange are required.");
      }
      const [from] = dates;
      const first = { year: Number(from![0]), month: Number(from![1]), day: Number(from![2]) };
      const second = new Date(Date.UTC(first.year, first.month - 1, first.day + 1));
      const next = { year: second.getUTCFullYear(), month: second.getUTCMonth() + 1, day: second.getUTCDate() };
      const series = (metric: string, values: Array<[typeof first, string]>) => ({
        dailyMetric: metric,
        timeSeries: { datedValues: values.map(([date, value]) => ({ date, value })) },
      });
      return {
        multiDailyMetricTimeSeries: [
          {
            dailyMetricTimeSeries: [
              series("BUSINESS_IMPRESSIONS_DESKTOP_MAPS", [
                [first, "10"],
                [next, "4"],
              ]),
              series("BUSINESS_IMPRESSIONS_MOBILE_MAPS", [[first, "30"]]),
              series("BUSINESS_IMPRESSIONS_DESKTOP_SEARCH", [[first, "5"]]),
              series("BUSINESS_IMPRESSIONS_MOBILE_SEARCH", [[next, "7"]]),
              series("CALL_CLICKS", [[first, "2"]]),
              series("BUSINESS_DIRECTION_REQUESTS", [[next, "3"]]),
              series("WEBSITE_CLICKS", []),
            ],
          },
        ],
      };
    });
  }

  // Yelp Places (Fusion) API and Respond to Reviews, each with its own key.
  const yelpKey = (q: RecordedRequest) =>
    q.bearer === FAKE_YELP.key
      ? null
      : new ApiReply(401, { error: { code: "UNAUTHORIZED_ACCESS_TOKEN", description: "The access token provided is not valid." } });
  provider.route(
    `/api/yelp/v3/businesses/${FAKE_YELP.alias}`,
    (q) =>
      yelpKey(q) ?? {
        id: "yelp-biz-1",
        alias: FAKE_YELP.alias,
        name: "Lee Dental",
        rating: 4.5,
        review_count: 212,
        url: "https://www.yelp.com/biz/lee-dental-springfield",
      },
    { anonymous: true },
  );
  provider.route(
    `/api/yelp/v3/businesses/${FAKE_YELP.alias}/reviews`,
    (q) =>
      yelpKey(q) ?? {
        reviews: [
          {
            id: "yelp-review-1",
            url: "https://www.yelp.com/biz/lee-dental-springfield?hrid=yelp-review-1",
            text: "Friendly staff and a spotless office...",
            rating: 5,
            time_created: "2026-11-20 09:30:00",
            user: { id: "u1", profile_url: "https://www.yelp.com/user_details?userid=u1", image_url: null, name: "Tom B." },
          },
        ],
        total: 212,
        possible_languages: ["en"],
      },
    { anonymous: true },
  );
  provider.route(
    "/api/yelp-partner/reviews/v1/yelp-review-1",
    (q) => {
      if (q.bearer !== FAKE_YELP.r2rToken)
        return new ApiReply(401, { error: { id: "INVALID_TOKEN", description: "The access token provided is expired, revoked, malformed, or invalid." } });
      const body = q.json as { response_text?: string; response_type?: string } | undefined;
      if (q.method !== "POST" || body?.response_type !== "public_comment")
        return new ApiReply(400, { error: { id: "R2R_INVALID_RESPONSE_TYPE", description: "Invalid response type." } });
      if (!body.response_text?.trim()) return new ApiReply(400, { error: { id: "R2R_INVALID_RESPONSE_TEXT", description: "Invalid response text." } });
      return new ApiReply(202, {});
    },
    { anonymous: true },
  );

  return {
    reviews,
    /** A review on Google (or a change to one): the next read finds it. */
    review: (review: FakeGoogleReview) => {
      const known = reviews.find((r) => r.id === review.id);
      if (known) Object.assign(known, review);
      else {
        reviews.push(review);
        replyRoute(review);
      }
      return nameOf(review);
    },
    nameOf,
  };
};

/** The environment that points the review clients at the provider (beyond fakePlatformEnv and fakePublishEnv). */
export const fakeReviewEnv = (providerUrl: string): Record<string, string> => ({
  GOOGLE_BUSINESS_PERFORMANCE_API_BASE_URL: `${providerUrl}/api/google_business/performance`,
  YELP_API_BASE_URL: `${providerUrl}/api/yelp/v3`,
  YELP_API_KEY: FAKE_YELP.key,
  YELP_PARTNER_API_BASE_URL: `${providerUrl}/api/yelp-partner`,
  YELP_R2R_ACCESS_TOKEN: FAKE_YELP.r2rToken,
});
