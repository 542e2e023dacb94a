import { googleLocationName } from "../../../domain/reviews/rules";
import { callContext, fail, httpUrl, list, obj, str } from "../http";
import { endpoints, platformMessage, request, retryAfter, tokenOf, type Classify } from "../call";
import type { FetchedLocation, FetchedReview, LocationReviews, OAuthCredentials, PerformanceDay } from "../provider";
import { PlatformError } from "../types";
import { googleBusiness } from "./oauth";

/*
 * Google Business Profile's review, location and performance calls (issue 12):
 * - Account Management API: GET {api}/accounts, when the credentials carry no account;
 * - Business Information API: GET {info}/accounts/{a}/locations?readMask=… (name, title, address,
 *   categories, metadata), 100 a page;
 * - My Business API v4: GET {v4}/accounts/{a}/locations/{l}/reviews?pageSize=50&orderBy=updateTime desc
 *   (newest update first), and a review's reply: PUT {v4}/{review}/reply {comment} (updateReply: a
 *   first reply and an edit are the same call), DELETE {v4}/{review}/reply (deleteReply);
 * - Business Profile Performance API: GET {performance}/locations/{l}:fetchMultiDailyMetricsTimeSeries
 *   ?dailyMetrics=…&dailyRange.startDate.year=…; values are int64 strings, absent when zero.
 * Base URLs: GOOGLE_BUSINESS_API_BASE_URL (accounts), GOOGLE_BUSINESS_INFO_API_BASE_URL,
 * GOOGLE_BUSINESS_POSTS_API_BASE_URL (v4), GOOGLE_BUSINESS_PERFORMANCE_API_BASE_URL.
 */

const gb = callContext("google_business");
const EXTRA = { POSTS_API_BASE: "https://mybusiness.googleapis.com/v4", PERFORMANCE_API_BASE: "https://businessprofileperformance.googleapis.com/v1" };
const STARS: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };
/** The largest page v4 reviews.list serves. */
const PAGE_SIZE = 50;
const MAX_PAGES = 20;
/** The largest page Business Information's locations.list serves. */
const LOCATIONS_PAGE_SIZE = 100;
const READ_MASK = "name,title,storefrontAddress,categories,metadata";

/**
 * Google's errors ({error: {code, message, status}}) on review calls, in words about reviews (the
 * generic reading speaks of posts): 401 is left to it (reconnect), 5xx too (unavailable).
 */
const googleCall =
  (what: string): Classify =>
  (status, body, headers) => {
    if (status < 400 || status === 401 || status >= 500) return undefined;
    const detail = platformMessage(body);
    const code = str(obj(body.error).status) ?? undefined;
    if (status === 429) {
      const seconds = retryAfter(headers);
      return new PlatformError({
        platform: gb.platform,
        kind: "rate_limited",
        message: `${gb.name} is limiting requests right now; ${seconds !== undefined ? `trying again in ${seconds} s` : "trying again later"}.`,
        status,
        ...(code ? { code } : {}),
        ...(seconds !== undefined ? { retryAfterSeconds: seconds } : {}),
      });
    }
    if (status === 403) {
      return fail(
        gb,
        "invalid_credentials",
        `${gb.name} refused access to this ${what}${detail ? ` (${detail})` : ""}. Reconnect the account with a Google user who manages this Business Profile, allowing every requested permission.`,
        { status, code },
      );
    }
    if (status === 404) return fail(gb, "rejected", `Google no longer has this ${what}; it may have been removed on Google.`, { status, code });
    return fail(gb, "rejected", `Google refused: ${detail ?? `error ${status}`}`, { status, code });
  };

/** The Business Profile account (accounts/{a}): the stored one, else the first the token manages. */
const accountOf = async (c: OAuthCredentials) => {
  if (c.externalId) return c.externalId;
  const { api } = endpoints(googleBusiness, EXTRA);
  const account = str(list((await request(gb, `${api}/accounts`, { bearer: c.accessToken }, googleCall("account"))).body.accounts)[0]?.name);
  if (!account) throw fail(gb, "not_eligible", "This Google account manages no Business Profile.");
  return account;
};

/** An RFC 3339 time as an ISO instant (nanoseconds cut to milliseconds, so instants compare as strings and as dates). */
const isoOf = (value: unknown): string | null => {
  const at = typeof value === "string" ? Date.parse(value) : NaN;
  return Number.isNaN(at) ? null : new Date(at).toISOString();
};

export const listGoogleLocations = async (credentials: OAuthCredentials): Promise<ReadonlyArray<FetchedLocation>> => {
  const c = tokenOf(gb, credentials);
  const account = await accountOf(c);
  const { extra } = endpoints(googleBusiness, EXTRA);
  const locations: FetchedLocation[] = [];
  let pageToken: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const url = new URL(`${extra.INFO_API_BASE}/${account}/locations`);
    url.searchParams.set("readMask", READ_MASK);
    url.searchParams.set("pageSize", String(LOCATIONS_PAGE_SIZE));
    if (pageToken) url.searchParams.set("pageToken", pageToken);
    const answer = await request(gb, url, { bearer: c.accessToken }, googleCall("account"));
    for (const location of list(answer.body.locations)) {
      const name = str(location.name);
      if (!name) continue;
      const address = obj(location.storefrontAddress);
      const categories = obj(location.categories);
      const metadata = obj(location.metadata);
      locations.push({
        externalId: googleLocationName(name),
        name: str(location.title) ?? name,
        // The lines, town, state or region and postal code: the state is part of an address people recognise.
        address:
          [...(Array.isArray(address.addressLines) ? address.addressLines : []), address.locality, address.administrativeArea, address.postalCode]
            .filter((part): part is string => typeof part === "string" && part.trim() !== "")
            .join(", ") || null,
        // metadata.hasVoiceOfMerchant rather than the Verifications API: it is true when the location is verified and
        // its owner's edits and answers show on Google (when false, Google points to getVoiceOfMerchantState for why),
        // which is what "verified" means for replying and posting here; it comes with the list, at no extra call.
        isVerified: metadata.hasVoiceOfMerchant === true,
        categories: [obj(categories.primaryCategory), ...list(categories.additionalCategories)].flatMap((cat) => str(cat.displayName) ?? []),
        mapsUri: httpUrl(metadata.mapsUri),
      });
    }
    pageToken = str(answer.body.nextPageToken);
    if (!pageToken) break;
  }
  return locations;
};

const toReview = (raw: Record<string, unknown>, location: string): FetchedReview | null => {
  // STAR_RATING_UNSPECIFIED (or anything unknown) is not a rating: such a review is left out.
  const rating = STARS[String(raw.starRating)];
  const name = str(raw.name);
  if (!rating || !name) return null;
  const reviewer = obj(raw.reviewer);
  const reply = obj(raw.reviewReply);
  const createTime = isoOf(raw.createTime) ?? isoOf(raw.updateTime) ?? new Date().toISOString();
  const replyText = str(reply.comment);
  return {
    externalId: name,
    locationId: location,
    reviewerName: reviewer.isAnonymous === true ? "A Google user" : (str(reviewer.displayName) ?? "A Google user"),
    reviewerAvatar: reviewer.isAnonymous === true ? null : httpUrl(reviewer.profilePhotoUrl),
    rating,
    content: str(raw.comment) ?? "",
    reviewedAt: createTime,
    updatedAt: isoOf(raw.updateTime) ?? createTime,
    url: null,
    response: replyText ? { text: replyText, at: isoOf(reply.updateTime) ?? createTime } : null,
  };
};

/** A location's reviews updated after `since`, newest first (pages until an older one; at most MAX_PAGES). */
export const listGoogleReviews = async (credentials: OAuthCredentials, locationId: string, since: string | null): Promise<LocationReviews> => {
  const c = tokenOf(gb, credentials);
  const account = await accountOf(c);
  const { extra } = endpoints(googleBusiness, EXTRA);
  const location = googleLocationName(locationId);
  const after = since === null ? null : Date.parse(since);
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
    const answer = await request(gb, url, { bearer: c.accessToken }, googleCall("location"));
    if (page === 0) {
      const average = Number(answer.body.averageRating);
      const total = Number(answer.body.totalReviewCount ?? 0);
      averageRating = answer.body.averageRating !== undefined && Number.isFinite(average) && average > 0 ? Math.round(average * 10) / 10 : null;
      totalReviews = Number.isFinite(total) && total > 0 ? Math.floor(total) : 0;
    }
    for (const raw of list(answer.body.reviews)) {
      // Any review, rated or not, updated before the cursor ends the read: the rest are older still.
      const updated = Date.parse(isoOf(raw.updateTime) ?? isoOf(raw.createTime) ?? "");
      if (after !== null && !Number.isNaN(after) && updated <= after) break pages;
      const review = toReview(raw, location);
      if (!review) continue;
      if (!newest || Date.parse(review.updatedAt) > Date.parse(newest)) newest = review.updatedAt;
      reviews.push(review);
    }
    pageToken = str(answer.body.nextPageToken);
    if (!pageToken) break;
  }
  return { reviews, averageRating, totalReviews, newest };
};

const replyUrl = (reviewName: string) => `${endpoints(googleBusiness, EXTRA).extra.POSTS_API_BASE}/${reviewName.replace(/^\/+|\/+$/g, "")}/reply`;

/** updateReply: the first reply and an edit are the same call. Google takes at most 4096 characters. */
export const replyGoogleReview = async (credentials: OAuthCredentials | null, reviewExternalId: string, text: string) => {
  const c = tokenOf(gb, credentials);
  const comment = text.trim();
  if (!comment) throw fail(gb, "rejected", "Write a response before posting it.");
  const answer = await request(gb, replyUrl(reviewExternalId), { method: "PUT", bearer: c.accessToken, json: { comment } }, googleCall("review"));
  return { text: str(answer.body.comment) ?? comment, at: isoOf(answer.body.updateTime) ?? new Date().toISOString() };
};

/** deleteReply. */
export const deleteGoogleReply = async (credentials: OAuthCredentials, reviewExternalId: string): Promise<void> => {
  const c = tokenOf(gb, credentials);
  await request(gb, replyUrl(reviewExternalId), { method: "DELETE", bearer: c.accessToken }, googleCall("review or its response"));
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

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;
const dayOf = (day: string) => {
  const m = DAY.exec(day);
  const at = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== day) {
    throw fail(gb, "rejected", "The performance period must run between two days written YYYY-MM-DD.");
  }
  return { at, year: Number(m![1]), month: Number(m![2]), day: Number(m![3]) };
};

/** A location's views (maps), searches, calls, direction requests and website clicks per day, `from` to `to` (YYYY-MM-DD, both included); days Google leaves out count 0. */
export const googlePerformance = async (
  credentials: OAuthCredentials,
  locationId: string,
  from: string,
  to: string,
): Promise<ReadonlyArray<PerformanceDay>> => {
  const c = tokenOf(gb, credentials);
  const start = dayOf(from);
  const end = dayOf(to);
  if (end.at < start.at) throw fail(gb, "rejected", "The performance period ends before it starts.");
  const { extra } = endpoints(googleBusiness, EXTRA);
  const url = new URL(`${extra.PERFORMANCE_API_BASE}/${googleLocationName(locationId)}:fetchMultiDailyMetricsTimeSeries`);
  for (const metric of Object.keys(METRICS)) url.searchParams.append("dailyMetrics", metric);
  for (const [prefix, date] of [
    ["dailyRange.startDate", start],
    ["dailyRange.endDate", end],
  ] as const) {
    url.searchParams.set(`${prefix}.year`, String(date.year));
    url.searchParams.set(`${prefix}.month`, String(date.month));
    url.searchParams.set(`${prefix}.day`, String(date.day));
  }
  const answer = await request(gb, url, { bearer: c.accessToken }, googleCall("location"));
  const days = new Map<string, PerformanceDay>();
  for (let at = start.at; at <= end.at; at += DAY_MS) {
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
        // An int64 as a string; absent when it is zero.
        const value = Number(point.value ?? 0);
        if (entry && Number.isFinite(value) && value > 0) days.set(day, { ...entry, [key]: entry[key] + value });
      }
    }
  }
  return [...days.values()];
};
