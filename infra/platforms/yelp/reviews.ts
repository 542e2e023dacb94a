import { callContext, fail, httpUrl, list, obj, str } from "../http";
import { platformMessage, request, retryAfter, type Classify } from "../call";
import { PlatformError } from "../types";
import type { FetchedReview } from "../provider";
import { notSetUp } from "../../../domain/shared";

/*
 * Yelp (issue 12).
 * Reading: the Places (Fusion) API with the server's API key, YELP_API_KEY (Authorization: Bearer):
 * GET /v3/businesses/{alias} (rating, review_count, url) and GET /v3/businesses/{alias}/reviews
 * (the few review excerpts Yelp shares, `time_created` "YYYY-MM-DD HH:MM:SS" in Pacific time).
 * Responding: Yelp's Respond to Reviews partner API, POST https://partner-api.yelp.com/reviews/v1/{review_id}
 * with JSON {response_text, response_type: "public_comment"} and the business user's OAuth access token
 * (Authorization: Bearer YELP_R2R_ACCESS_TOKEN); errors are {error: {id, description, http_code}}.
 * Partner access is granted by Yelp; without the token Yelp reviews are answered by hand.
 * Base URLs: YELP_API_BASE_URL (https://api.yelp.com/v3), YELP_PARTNER_API_BASE_URL (https://partner-api.yelp.com).
 */

const yelp = callContext("yelp");
const base = (value: string | undefined, fallback: string) => (value?.trim() || fallback).replace(/\/+$/, "");
const apiBase = () => base(process.env.YELP_API_BASE_URL, "https://api.yelp.com/v3");
const partnerBase = () => base(process.env.YELP_PARTNER_API_BASE_URL, "https://partner-api.yelp.com");
/** Yelp refuses responses longer than this (R2R_INVALID_RESPONSE_TEXT). */
const MAX_RESPONSE = 5000;

export const yelpConfigured = () => Boolean(process.env.YELP_API_KEY?.trim());
export const yelpRespondConfigured = () => Boolean(process.env.YELP_R2R_ACCESS_TOKEN?.trim());

/** The business alias of a Yelp page address (https://www.yelp.com/biz/{alias}), decoded; null for anything else. */
export const yelpAliasOf = (profileUrl: string): string | null => {
  try {
    const url = new URL(profileUrl);
    if (!/(^|\.)yelp\.[a-z.]+$/i.test(url.hostname)) return null;
    const [first, alias] = url.pathname.split("/").filter(Boolean);
    if (first !== "biz" || !alias) return null;
    const decoded = decodeURIComponent(alias);
    return /^[\p{L}\p{N}._~-]+$/u.test(decoded) ? decoded : null;
  } catch {
    return null;
  }
};

/** Seconds until Yelp's daily limit resets (RateLimit-ResetTime, ISO 8601), or Retry-After when sent. */
const yelpRetryAfter = (headers: Headers) => {
  const sent = retryAfter(headers);
  if (sent !== undefined) return sent;
  const reset = Date.parse(headers.get("ratelimit-resettime") ?? "");
  return Number.isNaN(reset) ? undefined : Math.max(0, Math.ceil((reset - Date.now()) / 1000));
};

const limited = (message: string, status: number, code: string | undefined, seconds: number | undefined) =>
  new PlatformError({
    platform: yelp.platform,
    kind: "rate_limited",
    message: `${message}${seconds !== undefined ? `; trying again in ${seconds} s` : ""}.`,
    status,
    ...(code ? { code } : {}),
    ...(seconds !== undefined ? { retryAfterSeconds: seconds } : {}),
  });

/** The Places API's errors are {error: {code, description}}. */
const placesCall: Classify = (status, body, headers) => {
  if (status < 400 || status >= 500) return undefined;
  const error = obj(body.error);
  const code = str(error.code) ?? undefined;
  const detail = str(error.description) ?? platformMessage(body) ?? `error ${status}`;
  if (status === 429) return limited("Yelp is limiting requests right now", status, code, yelpRetryAfter(headers));
  if (status === 401 || status === 403) {
    return fail(yelp, "invalid_credentials", `Yelp does not accept this server's API key (YELP_API_KEY): ${detail}`, { status, code });
  }
  if (status === 404 || code === "BUSINESS_NOT_FOUND") {
    return fail(yelp, "rejected", "Yelp has no business at this address. Check the Yelp page address of the account.", { status, code });
  }
  return fail(yelp, "rejected", `Yelp refused: ${detail}`, { status, code });
};

/** Respond to Reviews' errors are {error: {id, description, http_code}}, nearly all 400s told apart by id. */
const respondCall: Classify = (status, body, headers) => {
  if (status < 400 || status >= 500) return undefined;
  const error = obj(body.error);
  const code = str(error.id) ?? str(error.code) ?? undefined;
  const detail = str(error.description) ?? platformMessage(body) ?? `error ${status}`;
  if (status === 429) return limited("Yelp is limiting responses right now", status, code, yelpRetryAfter(headers));
  if (code === "R2R_COMMENT_QUOTA_EXCEEDED")
    return limited("Yelp takes at most 20 responses a day for a business; try again tomorrow", status, code, undefined);
  if (status === 401 || code === "INVALID_TOKEN") {
    return fail(yelp, "invalid_credentials", "Yelp no longer accepts this server's Respond to Reviews access token (YELP_R2R_ACCESS_TOKEN).", { status, code });
  }
  if (code === "R2R_PROBLEM_WITH_USER_PHOTO") {
    return fail(yelp, "not_eligible", "Yelp needs a photo of the business owner on biz.yelp.com before responses can be posted.", { status, code });
  }
  if (
    status === 403 ||
    (code &&
      [
        "INSUFFICIENT_SCOPE",
        "R2R_COMMENTS_NOT_ALLOWED",
        "R2R_BUSINESS_NOT_CLAIMED",
        "R2R_PERMISSION_DENIED",
        "R2R_PUBLIC_COMMENTS_DISABLED",
        "R2R_UNACCEPTABLE_BIZ_USER_NAME",
      ].includes(code))
  ) {
    return fail(yelp, "not_eligible", `Yelp does not let this business respond through SocialDesk: ${detail}`, { status, code });
  }
  return fail(yelp, "rejected", `Yelp refused: ${detail}`, { status, code });
};

const pacific = new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles", timeZoneName: "shortOffset" });
/** Minutes east of UTC in Pacific time at an instant (-480 in winter, -420 in summer). */
const pacificOffset = (at: number) => {
  const name = pacific.formatToParts(new Date(at)).find((p) => p.type === "timeZoneName")?.value ?? "";
  const m = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(name);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : -480;
};

/** "2016-08-29 00:41:13", Pacific time as Yelp says, as an ISO instant. */
const yelpTime = (value: string | null) => {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value) : null;
  if (!m) {
    const at = value ? Date.parse(value) : NaN;
    return new Date(Number.isNaN(at) ? Date.now() : at).toISOString();
  }
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  // The offset of the instant itself, found from a first guess (exact but for the hour a clock change repeats).
  const guess = wall - pacificOffset(wall) * 60_000;
  return new Date(wall - pacificOffset(guess) * 60_000).toISOString();
};

export const yelpBusiness = async (alias: string) => {
  const key = process.env.YELP_API_KEY?.trim();
  if (!key) throw fail(yelp, "invalid_credentials", notSetUp("Yelp"));
  const id = encodeURIComponent(alias);
  const business = await request(yelp, `${apiBase()}/businesses/${id}`, { bearer: key }, placesCall);
  const answer = await request(yelp, `${apiBase()}/businesses/${id}/reviews?sort_by=newest`, { bearer: key }, placesCall);
  const reviews = list(answer.body.reviews).flatMap((raw): FetchedReview[] => {
    const reviewId = str(raw.id);
    const rating = Number(raw.rating);
    if (!reviewId || !(rating >= 1 && rating <= 5)) return [];
    const user = obj(raw.user);
    const at = yelpTime(str(raw.time_created));
    return [
      {
        externalId: reviewId,
        locationId: null,
        reviewerName: str(user.name) ?? "A Yelp user",
        reviewerAvatar: httpUrl(user.image_url),
        rating: Math.round(rating),
        content: str(raw.text) ?? "",
        reviewedAt: at,
        updatedAt: at,
        url: httpUrl(raw.url),
        // The Places API does not tell whether the owner responded.
        response: null,
      },
    ];
  });
  const rating = Number(business.body.rating);
  const count = Number(business.body.review_count ?? 0);
  return {
    rating: business.body.rating !== undefined && business.body.rating !== null && Number.isFinite(rating) && rating > 0 ? rating : null,
    reviewCount: Number.isFinite(count) && count > 0 ? Math.floor(count) : 0,
    url: httpUrl(business.body.url),
    reviews,
  };
};

/** A public comment under a review through Respond to Reviews (one response per review; Yelp keeps the text as sent). */
export const replyYelpReview = async (reviewId: string, text: string) => {
  const token = process.env.YELP_R2R_ACCESS_TOKEN?.trim();
  if (!token) throw fail(yelp, "invalid_credentials", notSetUp("Responding on Yelp"));
  const responseText = text.trim();
  if (!responseText) throw fail(yelp, "rejected", "Write a response before posting it.");
  if (responseText.length > MAX_RESPONSE) throw fail(yelp, "rejected", `Yelp takes responses of at most ${MAX_RESPONSE} characters.`);
  await request(
    yelp,
    `${partnerBase()}/reviews/v1/${encodeURIComponent(reviewId)}`,
    { method: "POST", bearer: token, json: { response_text: responseText, response_type: "public_comment" } },
    respondCall,
  );
  return { text: responseText, at: new Date().toISOString() };
};
