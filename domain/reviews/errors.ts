import { Schema } from "effect";

/**
 * A review site (Google, Yelp) refused a call or could not be reached (HTTP 502): a response not
 * posted (nothing recorded; the text stays in the box to try again), figures not sent. The message
 * says what failed and the site's reason.
 */
export class ReviewSiteFailed extends Schema.TaggedError<ReviewSiteFailed>()("ReviewSiteFailed", {
  message: Schema.String,
}) {
  static readonly status = 502;
  static readonly code = "review_site_failed";
}
