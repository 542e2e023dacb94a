/*
 * Reviews' rules (spec engagement §3, §4, §5, §8, §9): the review sites, what a review and a
 * response may hold, how a review's status reads on each screen, rating colours, and response
 * templates' placeholders.
 */
import { platformById, type PlatformId } from "../accounts/platforms";

/** Spec §9: the review platforms. */
export const REVIEW_PLATFORMS = ["yelp", "google_business", "healthgrades", "avvo", "dignityhealth", "martindale", "superlawyers", "bbb"] as const;
export type ReviewPlatform = (typeof REVIEW_PLATFORMS)[number];
export const isReviewPlatform = (platform: string): platform is ReviewPlatform => (REVIEW_PLATFORMS as ReadonlyArray<string>).includes(platform);

/** Where a review came from: the platform's API, a person typing it, a CSV file, the sandbox, demo mode. */
export const REVIEW_SOURCES = ["platform", "entered", "imported", "sandbox", "demo"] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

/** How a response reached the site: posted through its API, or by a person on the site ("Mark as responded"), or found there already. */
export const RESPONSE_WAYS = ["posted", "by_hand", "found"] as const;
export type ResponseWay = (typeof RESPONSE_WAYS)[number];

/** The review management screen's statuses, and the Google reviews screen's. */
export const REVIEW_STATUSES = ["pending", "responded", "flagged"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const GOOGLE_REVIEW_STATUSES = ["unread", "read", "replied"] as const;
export type GoogleReviewStatus = (typeof GOOGLE_REVIEW_STATUSES)[number];

export const REVIEWER_NAME_MAX = 100;
export const REVIEW_CONTENT_MAX = 10_000;
export const FLAG_REASON_MAX = 300;
/** Google takes replies of up to 4,096 characters; other sites are held to their post limit (spec §9). */
export const GOOGLE_RESPONSE_MAX = 4096;
/** A review of this many stars or fewer sends the low-rating alert. */
export const LOW_RATING = 3;

export const responseMaxOf = (platform: string): number =>
  platform === "google_business" ? GOOGLE_RESPONSE_MAX : (platformById(platform as PlatformId)?.maxCharacters ?? GOOGLE_RESPONSE_MAX);

export const REVIEW_MESSAGES = {
  reviewerName: `Enter the reviewer's name (at most ${REVIEWER_NAME_MAX} characters).`,
  rating: "Choose a rating from 1 to 5 stars.",
  content: `The review's text is at most ${REVIEW_CONTENT_MAX.toLocaleString("en-US")} characters.`,
  reviewDate: "Enter the review's date as YYYY-MM-DD, today or earlier.",
  url: "Enter the review's address, starting with https://, or leave it empty.",
  account: "Choose one of your connected review sites.",
  responseBlank: "Write a response before posting it.",
  responseTooLong: (max: number) => `A response on this site is at most ${max.toLocaleString("en-US")} characters.`,
  noResponse: "This review has no response yet.",
  flagReason: `Say why you flag this review (1 to ${FLAG_REASON_MAX} characters).`,
  notFlagged: "This review is not flagged.",
  /** Spec §8. */
  posted: "Review response posted successfully!",
  failed: "Failed to post review response.",
  googleFailed: "Could not post your response. Please try again.",
} as const;

/** Spec §9: green at 4 or more, yellow at 3 or more, red below. */
export const ratingColour = (rating: number): "green" | "yellow" | "red" => (rating >= 4 ? "green" : rating >= 3 ? "yellow" : "red");

export const statusOf = (review: { readonly flagged: boolean; readonly hasResponse: boolean }): ReviewStatus =>
  review.flagged ? "flagged" : review.hasResponse ? "responded" : "pending";

export const googleStatusOf = (review: { readonly hasResponse: boolean; readonly read: boolean }): GoogleReviewStatus =>
  review.hasResponse ? "replied" : review.read ? "read" : "unread";

/** Spec §8/§9 tiles: the average to one decimal, the response rate as a whole percentage. */
export const reviewTiles = (counts: { readonly total: number; readonly pending: number; readonly responded: number; readonly ratingSum: number }) => ({
  total: counts.total,
  pending: counts.pending,
  averageRating: counts.total === 0 ? 0 : Math.round((counts.ratingSum / counts.total) * 10) / 10,
  responseRate: counts.total === 0 ? 0 : Math.round((counts.responded / counts.total) * 100),
});

/** Response templates' placeholders, filled for one review; an unknown {word} stays as written. */
export const TEMPLATE_PLACEHOLDERS = ["reviewerName", "businessName", "rating"] as const;
export const fillPlaceholders = (text: string, values: { readonly reviewerName: string; readonly businessName: string; readonly rating: number }): string =>
  text.replace(/\{(reviewerName|businessName|rating)\}/g, (_, key: (typeof TEMPLATE_PLACEHOLDERS)[number]) =>
    key === "rating" ? String(values.rating) : values[key].trim() || (key === "reviewerName" ? "there" : "our team"),
  );

/** "Copy and open on {site}": the site's name as people know it. */
export const siteNameOf = (platform: string): string => platformById(platform as PlatformId)?.name ?? platform;

/** Google's name of a Business Profile location, `locations/{id}`, from that, `accounts/{a}/locations/{id}[/…]` or a bare id. */
export const googleLocationName = (locationId: string): string => {
  const id = locationId.trim();
  const named = /(?:^|\/)(locations\/[^/]+)/.exec(id);
  return named ? named[1]! : `locations/${id}`;
};
