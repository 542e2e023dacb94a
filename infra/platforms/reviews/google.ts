import { callContext, fail, list, obj, str } from "../http";
import { endpoints, platformMessage, request, tokenOf, type Classify } from "../publish/http";
import type { OAuthCredentials } from "../publish/types";
import type { FetchedLocation, FetchedReview, LocationReviews, PerformanceDay } from "./types";

/*
 * Google Business Profile's review, location and performance calls (issue 12):
 * - Business Information API: accounts/{a}/locations (name, address, categories, metadata);
 * - My Business API v4: accounts/{a}/locations/{l}/reviews (list, newest update first), and a
 *   review's reply (PUT updateReply for a first reply and for an edit, DELETE deleteReply);
 * - Business Profile Performance API: locations/{l}:fetchMultiDailyMetricsTimeSeries.
 * Base URLs: GOOGLE_BUSINESS_API_BASE_URL (accounts), GOOGLE_BUSINESS_INFO_API_BASE_URL,
 * GOOGLE_BUSINESS_POSTS_API_BASE_URL (v4), GOOGLE_BUSINESS_PERFORMANCE_API_BASE_URL.
 */

const gb = callContext("google_business");
const EXTRA = { POSTS_API_BASE: "https://mybusiness.googleapis.com/v4", PERFORMANCE_API_BASE: "https://businessprofileperformance.googleapis.com/v1" };
const STARS: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };
const PAGE_SIZE = 50;
const MAX_PAGES = 20;

/** A refused review call says so in those words (the generic reading speaks of posts). */
const reviewCall: Classify = (status, body) =>
  status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429
    ? fail(gb, "rejected", `Google refused: ${platformMessage(body) ?? `error ${status}`}`, { status })
    : undefined;

const accountOf = async (c: OAuthCredentials) => {
  if (c.externalId) return c.externalId;
  const { api } = endpoints("google_business", EXTRA);
  const account = str(list((await request(gb, `${api}/accounts`, { bearer: c.accessToken })).body.accounts)[0]?.name);
  if (!account) throw fail(gb, "not_eligible", "This Google account manages no Business Profile.");
  return account;
};

const locationName = (locationId: string) => locationId.replace(/^.*?(locations\/[^/]+).*$/, "$1");

export const listGoogleLocations = async (credentials: OAuthCredentials): Promise<ReadonlyArray<FetchedLocation>> => {
  const c = tokenOf(gb, credentials);
  const account = await accountOf(c);
  const { extra } = endpoints("google_business", EXTRA);
  const locations: FetchedLocation[] = [];
  let pageToken: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const url = new URL(`${extra.INFO_API_BASE}/${account}/locations`);
    url.searchParams.set("readMask", "name,title,storefrontAddress,categories,metadata");
    url.searchParams.set("pageSize", "100");
    if (pageToken) url.searchParams.set("pageToken", pageToken);
    const answer = await request(gb, url, { bearer: c.accessToken }, reviewCall);
    for (const location of list(answer.body.locations)) {
      const name = str(location.name);
      if (!name) continue;
      const address = obj(location.storefrontAddress);
      const categories = obj(location.categories);
      const metadata = obj(location.metadata);
      locations.push({
        externalId: locationName(name),
        name: str(location.title) ?? name,
        address:
          [...(Array.isArray(address.addressLines) ? address.addressLines : []), address.locality, address.administrativeArea, address.postalCode]
            .filter((part): part is string => typeof part === "string" && part.trim() !== "")
            .join(", ") || null,
        // Google's "voice of merchant": the location is verified and its owner speaks for it on Google.
        isVerified: metadata.hasVoiceOfMerchant === true,
        categories: [obj(categories.primaryCategory), ...list(categories.additionalCategories)].flatMap((cat) => str(cat.displayName) ?? []),
        mapsUri: str(metadata.mapsUri),
      });
    }
    pageToken = str(answer.body.nextPageToken);
    if (!pageToken) break;
  }
  return locations;
};

const toReview = (raw: Record<string, unknown>, locationId: string): FetchedReview | null => {
  const rating = STARS[String(raw.starRating)];
  const name = str(raw.name);
  if (!rating || !name) return null;
  const reviewer = obj(raw.reviewer);
  const reply = obj(raw.reviewReply);
  const createTime = str(raw.createTime) ?? new Date().toISOString();
  return {
    externalId: name,
    locationId,
    reviewerName: reviewer.isAnonymous === true ? "A Google user" : (str(reviewer.displayName) ?? "A Google user"),
    reviewerAvatar: str(reviewer.profilePhotoUrl),
    rating,
    content: str(raw.comment) ?? "",
    reviewedAt: createTime,
    updatedAt: str(raw.updateTime) ?? createTime,
    url: null,
    response: str(reply.comment) ? { text: str(reply.comment)!, at: str(reply.updateTime) ?? createTime } : null,
  };
};

/** A location's reviews updated after `since`, newest first (pages until an older one; at most MAX_PAGES). */
export const listGoogleReviews = async (credentials: OAuthCredentials, locationId: string, since: string | null): Promise<LocationReviews> => {
  const c = tokenOf(gb, credentials);
  const account = await accountOf(c);
  const { extra } = endpoints("google_business", EXTRA);
  const location = locationName(locationId);
  const reviews: FetchedReview[] = [];
  let averageRating: number | null = null;
  let totalReviews = 0;
  let newest = since;
  let pageToken: string | null = null;
  pages: for (let page = 0; page < MAX_PAGES; page += 1) {
    const url = new URL(`${extra.POSTS_API_BASE}/${account}/${location}/reviews`);
    url.searchParams.set("pageSize", String(PAGE_SIZE));
    url.searchParams.set("orderBy", "updateTime desc");
    if (pageToken) url.searchParams.set("pageToken", pageToken);
    const answer = await request(gb, url, { bearer: c.accessToken }, reviewCall);
    if (page === 0) {
      averageRating = typeof answer.body.averageRating === "number" ? Math.round(answer.body.averageRating * 10) / 10 : null;
      totalReviews = typeof answer.body.totalReviewCount === "number" ? answer.body.totalReviewCount : 0;
    }
    for (const raw of list(answer.body.reviews)) {
      const review = toReview(raw, location);
      if (!review) continue;
      if (since && review.updatedAt <= since) break pages;
      if (!newest || review.updatedAt > newest) newest = review.updatedAt;
      reviews.push(review);
    }
    pageToken = str(answer.body.nextPageToken);
    if (!pageToken) break;
  }
  return { reviews, averageRating, totalReviews, newest };
};

const replyUrl = (reviewName: string) => `${endpoints("google_business", EXTRA).extra.POSTS_API_BASE}/${reviewName}/reply`;

/** updateReply: the first reply and an edit are the same call. */
export const replyGoogleReview = async (credentials: OAuthCredentials, reviewName: string, text: string) => {
  const c = tokenOf(gb, credentials);
  const answer = await request(gb, replyUrl(reviewName), { method: "PUT", bearer: c.accessToken, json: { comment: text } }, reviewCall);
  return { text: str(answer.body.comment) ?? text, at: str(answer.body.updateTime) ?? new Date().toISOString() };
};

export const deleteGoogleReply = async (credentials: OAuthCredentials, reviewName: string): Promise<void> => {
  const c = tokenOf(gb, credentials);
  await request(gb, replyUrl(reviewName), { method: "DELETE", bearer: c.accessToken }, reviewCall);
};

const METRICS = {
  BUSINESS_IMPRESSIONS_DESKTOP_MAPS: "views",
  BUSINESS_IMPRESSIONS_MOBILE_MAPS: "views",
  BUSINESS_IMPRESSIONS_DESKTOP_SEARCH: "searches",
  BUSINESS_IMPRESSIONS_MOBILE_SEARCH: "searches",
  CALL_CLICKS: "calls",
  BUSINESS_DIRECTION_REQUESTS: "directions",
  WEBSITE_CLICKS: "websiteClicks",
} as const;

const DAY_MS = 86_400_000;
const dateParams = (url: URL, prefix: string, day: string) => {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  url.searchParams.set(`${prefix}.year`, String(year));
  url.searchParams.set(`${prefix}.month`, String(month));
  url.searchParams.set(`${prefix}.day`, String(date));
};

/** A location's views (maps), searches, calls, direction requests and website clicks per day, `from` to `to` (YYYY-MM-DD); days Google leaves out count 0. */
export const googlePerformance = async (
  credentials: OAuthCredentials,
  locationId: string,
  from: string,
  to: string,
): Promise<ReadonlyArray<PerformanceDay>> => {
  const c = tokenOf(gb, credentials);
  const { extra } = endpoints("google_business", EXTRA);
  const url = new URL(`${extra.PERFORMANCE_API_BASE}/${locationName(locationId)}:fetchMultiDailyMetricsTimeSeries`);
  for (const metric of Object.keys(METRICS)) url.searchParams.append("dailyMetrics", metric);
  dateParams(url, "dailyRange.startDate", from);
  dateParams(url, "dailyRange.endDate", to);
  const answer = await request(gb, url, { bearer: c.accessToken }, reviewCall);
  const days = new Map<string, PerformanceDay>();
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    days.set(day, { day, views: 0, searches: 0, calls: 0, directions: 0, websiteClicks: 0 });
  }
  for (const group of list(answer.body.multiDailyMetricTimeSeries)) {
    for (const series of list(group.dailyMetricTimeSeries)) {
      const key = METRICS[String(series.dailyMetric) as keyof typeof METRICS];
      if (!key) continue;
      for (const point of list(obj(series.timeSeries).datedValues)) {
        const date = obj(point.date);
        const day = `${String(date.year).padStart(4, "0")}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;
        const entry = days.get(day);
        const value = Number(point.value ?? 0);
        if (entry && Number.isFinite(value)) days.set(day, { ...entry, [key]: entry[key] + value });
      }
    }
  }
  return [...days.values()];
};
