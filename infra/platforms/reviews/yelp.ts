import { callContext, fail, list, obj, str } from "../http";
import { platformMessage, request, type Classify } from "../publish/http";
import type { FetchedReview } from "./types";

/*
 * Yelp (issue 12). Reading: the Places (Fusion) API with YELP_API_KEY: a business's rating, review
 * count and the few review excerpts Yelp shares (GET /v3/businesses/{alias} and .../reviews).
 * Responding: Yelp's Respond to Reviews partner API (POST partner-api.yelp.com/reviews/v1/{review_id}
 * {response_text, response_type: public_comment}) with a business user's access token,
 * YELP_R2R_ACCESS_TOKEN; without it Yelp reviews are answered by hand. Base URLs: YELP_API_BASE_URL,
 * YELP_PARTNER_API_BASE_URL.
 */

const yelp = callContext("yelp");
const apiBase = () => process.env.YELP_API_BASE_URL || "https://api.yelp.com/v3";
const partnerBase = () => process.env.YELP_PARTNER_API_BASE_URL || "https://partner-api.yelp.com";

export const yelpConfigured = () => Boolean(process.env.YELP_API_KEY);
export const yelpRespondConfigured = () => Boolean(process.env.YELP_R2R_ACCESS_TOKEN);

/** The business alias of a Yelp page address (https://www.yelp.com/biz/{alias}). */
export const yelpAliasOf = (profileUrl: string): string | null => {
  try {
    const [first, alias] = new URL(profileUrl).pathname.split("/").filter(Boolean);
    return first === "biz" && alias && /^[\p{L}\p{N}._~%-]+$/u.test(alias) ? alias : null;
  } catch {
    return null;
  }
};

/** Yelp's errors are {error: {code | id, description}}. */
const yelpCall: Classify = (status, body) => {
  if (status < 400 || status === 429 || status >= 500) return undefined;
  const error = obj(body.error);
  const detail = str(error.description) ?? platformMessage(body) ?? `error ${status}`;
  return fail(yelp, status === 401 ? "invalid_credentials" : "rejected", `Yelp refused: ${detail}`, {
    status,
    code: str(error.code) ?? str(error.id) ?? undefined,
  });
};

/** "2016-08-29 00:41:13" (Pacific time, Yelp says) → an ISO instant, read as UTC-8 rounding nothing away. */
const yelpTime = (value: string | null) => {
  if (!value) return new Date().toISOString();
  const at = Date.parse(`${value.replace(" ", "T")}-08:00`);
  return Number.isNaN(at) ? new Date().toISOString() : new Date(at).toISOString();
};

export const yelpBusiness = async (alias: string) => {
  const key = process.env.YELP_API_KEY;
  if (!key) throw fail(yelp, "invalid_credentials", "Yelp is not configured on this server (YELP_API_KEY).");
  const id = encodeURIComponent(alias);
  const business = await request(yelp, `${apiBase()}/businesses/${id}`, { bearer: key }, yelpCall);
  const answer = await request(yelp, `${apiBase()}/businesses/${id}/reviews?sort_by=newest`, { bearer: key }, yelpCall);
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
        reviewerAvatar: str(user.image_url),
        rating: Math.round(rating),
        content: str(raw.text) ?? "",
        reviewedAt: at,
        updatedAt: at,
        url: str(raw.url),
        response: null,
      },
    ];
  });
  return {
    rating: typeof business.body.rating === "number" ? business.body.rating : null,
    reviewCount: typeof business.body.review_count === "number" ? business.body.review_count : 0,
    url: str(business.body.url),
    reviews,
  };
};

export const replyYelpReview = async (reviewId: string, text: string) => {
  const token = process.env.YELP_R2R_ACCESS_TOKEN;
  if (!token) throw fail(yelp, "invalid_credentials", "Responding on Yelp is not configured on this server (YELP_R2R_ACCESS_TOKEN).");
  await request(
    yelp,
    `${partnerBase()}/reviews/v1/${encodeURIComponent(reviewId)}`,
    { bearer: token, json: { response_text: text, response_type: "public_comment" } },
    yelpCall,
  );
  return { text, at: new Date().toISOString() };
};
