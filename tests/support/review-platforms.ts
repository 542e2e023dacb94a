import { ApiReply, type OAuthProvider, type RecordedRequest, startFakePlatforms } from "./oauth-provider";

/**
 * Google Business Profile's review calls and Yelp's, for tests, on the local provider
 * (`startOAuthProvider`): each route checks what the real one checks and answers in its documented
 * shape, from state a test can change.
 * - Business Information API `GET {info}/accounts/{a}/locations` (readMask required, pageSize ≤ 100,
 *   only the fields of the readMask, one location a page so that paging is exercised);
 * - v4 `GET {v4}/accounts/{a}/locations/{l}/reviews` (pageSize ≤ 50, orderBy, two a page with
 *   nextPageToken, averageRating, totalReviewCount) over `reviews`, changed with `review()` / `remove()`;
 * - v4 `PUT|DELETE {v4}/{review}/reply` (updateReply {comment} non-empty, ≤ 4096; deleteReply; 404
 *   NOT_FOUND for a review Google no longer has);
 * - Performance API `GET {performance}/locations/{l}:fetchMultiDailyMetricsTimeSeries` (every
 *   dailyMetrics known, both dates whole and in order; every day of the range in each series, its
 *   value an int64 string, absent when zero);
 * - Yelp Places `GET /v3/businesses/{alias}` and `.../reviews` (Bearer YELP_API_KEY; sort_by, limit);
 * - Yelp Respond to Reviews `POST /reviews/v1/{review_id}` (Bearer YELP_R2R_ACCESS_TOKEN, JSON
 *   {response_text, response_type: public_comment}).
 * Google routes want a token the provider granted (`provider.grantAccessToken()`), as the others.
 */

export const FAKE_GOOGLE_ACCOUNT = "accounts/1234567890";
export const FAKE_LOCATIONS = ["locations/987654321", "locations/555000111"] as const;
export const FAKE_YELP = {
  key: "yelp-test-key",
  r2rToken: "yelp-r2r-token",
  alias: "lee-dental-springfield",
  /** An alias Yelp has no business for (404 BUSINESS_NOT_FOUND). */
  missingAlias: "closed-dental-nowhere",
  /** A review id Yelp does not know (R2R_REVIEW_DOES_NOT_EXIST). */
  missingReview: "yelp-review-gone",
} as const;

export const PERFORMANCE_METRICS = [
  "BUSINESS_IMPRESSIONS_DESKTOP_MAPS",
  "BUSINESS_IMPRESSIONS_MOBILE_MAPS",
  "BUSINESS_IMPRESSIONS_DESKTOP_SEARCH",
  "BUSINESS_IMPRESSIONS_MOBILE_SEARCH",
  "CALL_CLICKS",
  "BUSINESS_DIRECTION_REQUESTS",
  "WEBSITE_CLICKS",
] as const;
/** Every DailyMetric Google documents: others are refused. */
const DAILY_METRICS = new Set<string>([
  ...PERFORMANCE_METRICS,
  "BUSINESS_CONVERSATIONS",
  "BUSINESS_BOOKINGS",
  "BUSINESS_FOOD_ORDERS",
  "BUSINESS_FOOD_MENU_CLICKS",
]);

export interface FakeGoogleReview {
  readonly location: (typeof FAKE_LOCATIONS)[number];
  readonly id: string;
  /** null: an anonymous reviewer. */
  readonly reviewer: string | null;
  readonly stars: "ONE" | "TWO" | "THREE" | "FOUR" | "FIVE" | "STAR_RATING_UNSPECIFIED";
  readonly comment?: string;
  readonly createTime: string;
  updateTime: string;
  reply?: { comment: string; updateTime: string };
}

export interface FakeYelpReview {
  readonly id: string;
  readonly rating: number;
  readonly text: string;
  /** "YYYY-MM-DD HH:MM:SS", Pacific time, as Yelp writes it. */
  readonly time_created: string;
  readonly user: { readonly id: string; readonly name: string; readonly image_url: string | null };
}

const googleError = (code: number, status: string, message: string) => new ApiReply(code, { error: { code, message, status } });
const invalid = (message: string) => googleError(400, "INVALID_ARGUMENT", message);
const needs = (q: RecordedRequest, method: string) => (q.method !== method ? googleError(405, "METHOD_NOT_ALLOWED", `Use ${method}.`) : null);
/** What Google answers a missing or unknown token. */
const GOOGLE_UNAUTHORIZED = {
  error: {
    code: 401,
    message: "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
    status: "UNAUTHENTICATED",
  },
};
const yelpError = (status: number, code: string, description: string) => new ApiReply(status, { error: { code, description } });
const r2rError = (status: number, id: string, description: string) => new ApiReply(status, { error: { id, description, http_code: String(status) } });

const STAR_VALUE: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };
const DAY_MS = 86_400_000;
const dayString = (at: number) => new Date(at).toISOString().slice(0, 10);

export const installReviewRoutes = (provider: OAuthProvider) => {
  const reviews: FakeGoogleReview[] = [];
  const nameOf = (r: Pick<FakeGoogleReview, "location" | "id">) => `${FAKE_GOOGLE_ACCOUNT}/${r.location}/reviews/${r.id}`;
  const gb = "/api/google_business";
  const google = (path: string, handler: (q: RecordedRequest) => unknown) => provider.route(path, handler, { unauthorized: GOOGLE_UNAUTHORIZED });

  // Business Information API: the account's locations, one a page; only the readMask's fields, as Google answers.
  const LOCATIONS: ReadonlyArray<Record<string, unknown>> = [
    {
      name: FAKE_LOCATIONS[0],
      title: "Lee Dental Downtown",
      storefrontAddress: { regionCode: "US", addressLines: ["1 Main St"], locality: "Springfield", administrativeArea: "IL", postalCode: "62701" },
      categories: {
        primaryCategory: { name: "categories/gcid:dentist", displayName: "Dentist" },
        additionalCategories: [
          { name: "categories/gcid:cosmetic_dentist", displayName: "Cosmetic dentist" },
          { name: "categories/gcid:emergency_dental_service", displayName: "Emergency dental service" },
        ],
      },
      metadata: { hasVoiceOfMerchant: true, mapsUri: "https://maps.google.com/maps?cid=1", placeId: "ChIJ-downtown" },
    },
    {
      name: FAKE_LOCATIONS[1],
      title: "Lee Dental Northside",
      storefrontAddress: { regionCode: "US", addressLines: ["9 North Ave"], locality: "Springfield", postalCode: "62702" },
      categories: { primaryCategory: { name: "categories/gcid:dentist", displayName: "Dentist" } },
      metadata: { hasVoiceOfMerchant: false },
    },
  ];
  google(`${gb}/info/${FAKE_GOOGLE_ACCOUNT}/locations`, (q) => {
    const refused = needs(q, "GET");
    if (refused) return refused;
    const mask = (q.query.readMask ?? "")
      .split(",")
      .map((f) => f.trim())
      .filter(Boolean);
    if (mask.length === 0) return invalid("Request contains an invalid argument. (readMask is required)");
    const size = Number(q.query.pageSize ?? 10);
    if (!Number.isInteger(size) || size < 1 || size > 100) return invalid("Request contains an invalid argument. (pageSize must be between 1 and 100)");
    // Page tokens are "p2", "p3", ...
    const page = q.query.pageToken ? Number(/^p(\d+)$/.exec(q.query.pageToken)?.[1] ?? NaN) - 1 : 0;
    if (!(page >= 0 && page < LOCATIONS.length)) return invalid("Request contains an invalid argument. (pageToken)");
    const location = Object.fromEntries(Object.entries(LOCATIONS[page]!).filter(([field]) => mask.includes(field)));
    return { locations: [location], ...(page + 1 < LOCATIONS.length ? { nextPageToken: `p${page + 2}` } : {}) };
  });

  // v4 reviews, two a page (Google may serve fewer than asked), in the order asked.
  for (const location of FAKE_LOCATIONS) {
    google(`${gb}/v4/${FAKE_GOOGLE_ACCOUNT}/${location}/reviews`, (q) => {
      const refused = needs(q, "GET");
      if (refused) return refused;
      const orderBy = q.query.orderBy ?? "updateTime desc";
      if (!["updateTime desc", "rating", "rating desc"].includes(orderBy)) return invalid(`Request contains an invalid argument. (orderBy ${orderBy})`);
      const asked = Number(q.query.pageSize ?? 50);
      if (!Number.isInteger(asked) || asked < 1 || asked > 50) return invalid("Request contains an invalid argument. (pageSize must be between 1 and 50)");
      const size = Math.min(2, asked);
      const all = reviews
        .filter((r) => r.location === location)
        .sort((a, b) =>
          orderBy === "updateTime desc"
            ? Date.parse(b.updateTime) - Date.parse(a.updateTime)
            : ((STAR_VALUE[a.stars] ?? 0) - (STAR_VALUE[b.stars] ?? 0)) * (orderBy === "rating desc" ? -1 : 1),
        );
      const start = Number(q.query.pageToken ?? 0);
      if (!Number.isInteger(start) || start < 0) return invalid("Request contains an invalid argument. (pageToken)");
      const page = all.slice(start, start + size);
      const rated = all.flatMap((r) => STAR_VALUE[r.stars] ?? []);
      return {
        reviews: page.map((r) => ({
          name: nameOf(r),
          reviewId: r.id,
          reviewer: r.reviewer ? { displayName: r.reviewer, profilePhotoUrl: `https://lh3.googleusercontent.com/a/${r.id}` } : { isAnonymous: true },
          starRating: r.stars,
          ...(r.comment ? { comment: r.comment } : {}),
          createTime: r.createTime,
          updateTime: r.updateTime,
          ...(r.reply ? { reviewReply: r.reply } : {}),
        })),
        averageRating: rated.length ? Math.round((rated.reduce((a, b) => a + b, 0) / rated.length) * 100) / 100 : 0,
        totalReviewCount: all.length,
        ...(start + size < all.length ? { nextPageToken: String(start + size) } : {}),
      };
    });
  }

  /** updateReply / deleteReply on one review's path: the review as Google has it now, 404 once it is gone. */
  const replyRoute = (location: FakeGoogleReview["location"], id: string) =>
    google(`${gb}/v4/${nameOf({ location, id })}/reply`, (q) => {
      const review = reviews.find((r) => r.location === location && r.id === id);
      if (!review) return googleError(404, "NOT_FOUND", "Requested entity was not found.");
      if (q.method === "DELETE") {
        if (!review.reply) return googleError(404, "NOT_FOUND", "Requested entity was not found.");
        delete review.reply;
        return {};
      }
      const refused = needs(q, "PUT");
      if (refused) return refused;
      if (!q.contentType.startsWith("application/json")) return invalid("Invalid JSON payload received.");
      const comment = (q.json as { comment?: unknown } | undefined)?.comment;
      if (typeof comment !== "string" || comment.trim() === "") return invalid("Request contains an invalid argument.");
      if (Buffer.byteLength(comment, "utf8") > 4096) return invalid("Request contains an invalid argument. (comment is too long)");
      review.reply = { comment, updateTime: new Date().toISOString() };
      return review.reply;
    });
  const routed = new Set<string>();

  // Performance API: figures a test set per (location, day, metric), else a default pattern on the range's first two days.
  const figures = new Map<string, number>();
  const figureKey = (location: string, day: string, metric: string) => `${location}|${day}|${metric}`;
  const defaultFigure = (offset: number, metric: string) =>
    (
      ({
        0: { BUSINESS_IMPRESSIONS_DESKTOP_MAPS: 10, BUSINESS_IMPRESSIONS_MOBILE_MAPS: 30, BUSINESS_IMPRESSIONS_DESKTOP_SEARCH: 5, CALL_CLICKS: 2 },
        1: { BUSINESS_IMPRESSIONS_DESKTOP_MAPS: 4, BUSINESS_IMPRESSIONS_MOBILE_SEARCH: 7, BUSINESS_DIRECTION_REQUESTS: 3 },
      }) as Record<number, Record<string, number>>
    )[offset]?.[metric] ?? 0;
  for (const location of FAKE_LOCATIONS) {
    google(`${gb}/performance/${location}:fetchMultiDailyMetricsTimeSeries`, (q) => {
      const refused = needs(q, "GET");
      if (refused) return refused;
      const params = new URLSearchParams(q.rawQuery);
      const asked = [...params.getAll("dailyMetrics"), ...params.getAll("dailyMetrics[]"), ...params.getAll("daily_metrics")];
      if (asked.length === 0) return invalid("Request contains an invalid argument. (dailyMetrics is required)");
      const unknown = asked.find((m) => !DAILY_METRICS.has(m));
      if (unknown) return invalid(`Invalid value at 'daily_metrics' (type.googleapis.com/google.type.DailyMetric), "${unknown}"`);
      // gRPC transcoding takes the JSON names and the proto names alike.
      const part = (date: "startDate" | "endDate", field: "year" | "month" | "day") =>
        params.get(`dailyRange.${date}.${field}`) ??
        params.get(`dailyRange.${date === "startDate" ? "start_date" : "end_date"}.${field}`) ??
        params.get(`daily_range.${date === "startDate" ? "start_date" : "end_date"}.${field}`);
      const dateOf = (date: "startDate" | "endDate") => {
        const [year, month, day] = (["year", "month", "day"] as const).map((f) => Number(part(date, f)));
        const at = Date.UTC(year!, month! - 1, day!);
        return Number.isInteger(year) &&
          Number.isInteger(month) &&
          Number.isInteger(day) &&
          new Date(at).getUTCDate() === day &&
          new Date(at).getUTCMonth() === month! - 1
          ? at
          : null;
      };
      const from = dateOf("startDate");
      const to = dateOf("endDate");
      if (from === null || to === null) return invalid("Request contains an invalid argument. (dailyRange start and end dates are required)");
      if (to < from) return invalid("Request contains an invalid argument. (dailyRange end date before start date)");
      const explicit = [...figures.keys()].some((k) => k.startsWith(`${location}|`));
      return {
        multiDailyMetricTimeSeries: [
          {
            dailyMetricTimeSeries: [...new Set(asked)].map((metric) => {
              const datedValues = [];
              for (let at = from; at <= to; at += DAY_MS) {
                const day = dayString(at);
                const value = explicit ? (figures.get(figureKey(location, day, metric)) ?? 0) : defaultFigure((at - from) / DAY_MS, metric);
                const d = new Date(at);
                datedValues.push({
                  date: { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() },
                  ...(value ? { value: String(value) } : {}),
                });
              }
              return { dailyMetric: metric, timeSeries: { datedValues } };
            }),
          },
        ],
      };
    });
  }

  // Yelp Places (Fusion) API: the server's key.
  const yelpReviews: FakeYelpReview[] = [
    {
      id: "yelp-review-1",
      rating: 5,
      text: "Friendly staff and a spotless office...",
      time_created: "2026-11-20 09:30:00",
      user: { id: "u1", name: "Tom B.", image_url: null },
    },
  ];
  const yelpKey = (q: RecordedRequest) =>
    q.bearer === FAKE_YELP.key ? needs(q, "GET") : yelpError(401, "UNAUTHORIZED_ACCESS_TOKEN", "The access token provided is not valid.");
  const yelp = (path: string, handler: (q: RecordedRequest) => unknown) => provider.route(path, handler, { anonymous: true });
  yelp(
    `/api/yelp/v3/businesses/${FAKE_YELP.alias}`,
    (q) =>
      yelpKey(q) ?? {
        id: "WavvLdfdP6g8aZTtbBQHTw",
        alias: FAKE_YELP.alias,
        name: "Lee Dental",
        url: `https://www.yelp.com/biz/${FAKE_YELP.alias}?adjust_creative=fake&utm_source=yelp_api_v3`,
        rating: 4.5,
        review_count: 212,
        is_claimed: true,
        is_closed: false,
      },
  );
  yelp(
    `/api/yelp/v3/businesses/${FAKE_YELP.missingAlias}`,
    (q) => yelpKey(q) ?? yelpError(404, "BUSINESS_NOT_FOUND", "The requested business could not be found."),
  );
  yelp(
    `/api/yelp/v3/businesses/${FAKE_YELP.missingAlias}/reviews`,
    (q) => yelpKey(q) ?? yelpError(404, "BUSINESS_NOT_FOUND", "The requested business could not be found."),
  );
  yelp(`/api/yelp/v3/businesses/${FAKE_YELP.alias}/reviews`, (q) => {
    const refused = yelpKey(q);
    if (refused) return refused;
    const sort = q.query.sort_by ?? "yelp_sort";
    if (!["yelp_sort", "newest"].includes(sort)) return yelpError(400, "VALIDATION_ERROR", `'${sort}' is not one of ['yelp_sort', 'newest']`);
    const limit = Number(q.query.limit ?? 20);
    if (!Number.isInteger(limit) || limit < 0 || limit > 50) return yelpError(400, "VALIDATION_ERROR", `${q.query.limit} is greater than the maximum of 50`);
    const sorted = sort === "newest" ? [...yelpReviews].sort((a, b) => b.time_created.localeCompare(a.time_created)) : yelpReviews;
    return {
      // The Places API's base plans share three excerpts at most.
      reviews: sorted.slice(0, Math.min(limit, 3)).map((r) => ({
        id: r.id,
        url: `https://www.yelp.com/biz/${FAKE_YELP.alias}?adjust_creative=fake&hrid=${r.id}&utm_source=yelp_api_v3`,
        text: r.text,
        rating: r.rating,
        time_created: r.time_created,
        user: { ...r.user, profile_url: `https://www.yelp.com/user_details?userid=${r.user.id}` },
      })),
      total: 212,
      possible_languages: ["en"],
    };
  });

  // Yelp Respond to Reviews: the business user's token, one public comment per review.
  const yelpResponses = new Map<string, string>();
  const respondRoute = (reviewId: string) =>
    yelp(`/api/yelp-partner/reviews/v1/${reviewId}`, (q) => {
      if (q.bearer !== FAKE_YELP.r2rToken)
        return r2rError(401, "INVALID_TOKEN", "The access token provided is expired, revoked, malformed, or invalid for other reasons.");
      if (q.method !== "POST") return r2rError(405, "METHOD_NOT_ALLOWED", "Use POST.");
      const body = q.json as { response_text?: unknown; response_type?: unknown } | undefined;
      if (!q.contentType.startsWith("application/json") || !body)
        return r2rError(400, "INVALID_REQUEST", "Missing a required parameter or includes an unsupported parameter.");
      const extra = Object.keys(body).find((k) => k !== "response_text" && k !== "response_type");
      if (extra) return r2rError(400, "INVALID_REQUEST", "Missing a required parameter or includes an unsupported parameter.");
      if (!yelpReviews.some((r) => r.id === reviewId)) return r2rError(400, "R2R_REVIEW_DOES_NOT_EXIST", "Review does not exist.");
      if (body.response_type !== "public_comment") return r2rError(400, "R2R_INVALID_RESPONSE_TYPE", "Invalid response type.");
      const text = typeof body.response_text === "string" ? body.response_text : "";
      if (!text.trim() || text.length > 5000 || yelpResponses.get(reviewId) === text) {
        return r2rError(400, "R2R_INVALID_RESPONSE_TEXT", "Invalid response text.");
      }
      yelpResponses.set(reviewId, text);
      return new ApiReply(202, {});
    });
  respondRoute("yelp-review-1");
  respondRoute(FAKE_YELP.missingReview);

  return {
    reviews,
    /** A review on Google, or a change to one (same location and id, fields merged; `reply: undefined` removes the reply): the next read finds it. Answers its resource name. */
    review: (review: FakeGoogleReview) => {
      const known = reviews.find((r) => r.location === review.location && r.id === review.id);
      if (known) Object.assign(known, review);
      else reviews.push({ ...review });
      const name = nameOf(review);
      if (!routed.has(name)) {
        routed.add(name);
        replyRoute(review.location, review.id);
      }
      return name;
    },
    /** Google removed the review (its reply calls answer 404 NOT_FOUND). */
    remove: (location: FakeGoogleReview["location"], id: string) => {
      const at = reviews.findIndex((r) => r.location === location && r.id === id);
      if (at >= 0) reviews.splice(at, 1);
    },
    nameOf,
    /** A location's figure for a day (YYYY-MM-DD) and DailyMetric; once a location has one, the others of its range are 0. */
    performance: (location: (typeof FAKE_LOCATIONS)[number], day: string, metric: (typeof PERFORMANCE_METRICS)[number], value: number) =>
      void figures.set(figureKey(location, day, metric), value),
    /** The excerpts Yelp shares (at most three are answered). */
    yelpReviews,
    /** A review on Yelp, which Respond to Reviews then knows. */
    yelpReview: (review: FakeYelpReview) => {
      yelpReviews.push(review);
      respondRoute(review.id);
    },
    /** Responses posted on Yelp, by review id. */
    yelpResponses,
  };
};

export type FakeReviews = ReturnType<typeof installReviewRoutes>;

/** The environment that points the review clients at the provider (beyond fakePlatformEnv and fakePublishEnv). */
export const fakeReviewEnv = (providerUrl: string): Record<string, string> => ({
  GOOGLE_BUSINESS_PERFORMANCE_API_BASE_URL: `${providerUrl}/api/google_business/performance`,
  YELP_API_BASE_URL: `${providerUrl}/api/yelp/v3`,
  YELP_API_KEY: FAKE_YELP.key,
  YELP_PARTNER_API_BASE_URL: `${providerUrl}/api/yelp-partner`,
  YELP_R2R_ACCESS_TOKEN: FAKE_YELP.r2rToken,
});

/**
 * A provider playing Google Business Profile (connect, publishing, reviews) and Yelp, with every
 * endpoint pointed at it in process.env; `close` stops it and puts the environment back.
 */
export const startReviewPlatforms = async () => {
  const saved = { ...process.env };
  const { provider, close: stop } = await startFakePlatforms(["google_business"], { publishing: true });
  Object.assign(process.env, fakeReviewEnv(provider.url));
  const fake = installReviewRoutes(provider);
  const close = async () => {
    await stop();
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  };
  return { provider, fake, close };
};
