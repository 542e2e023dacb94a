import { Effect } from "effect";
import { isReviewPlatform, LOW_RATING, ReviewSiteFailed, reviewEvents, reviewsProjection } from "../../domain/reviews";
import type { Reaction } from "../eventstore/reactions";
import { addJob } from "../jobs/add-job";
import { defineModule, moduleApi } from "../module";
import { yelpRespondConfigured } from "../platforms/yelp/reviews";
import { sendReviewAlert } from "./alerts";
import { ReviewsApi } from "./api";
import { reviewsHandlers } from "./api-handlers";
import { pollReviews } from "./poll";
import { Reviews } from "./Reviews";
import { reviewSummaries } from "./summaries";
import { ensureDemoReviews } from "./demo";
import { GoogleBusinessWebhookApi } from "./webhook-api";
import { googleBusinessWebhookHandlers } from "./webhook-api-handlers";

/** A review site connected (a Business Profile, a sandbox) is read at once, not at the next round. */
const readNewAccount: Reaction = {
  name: "read-new-review-account",
  handles: ["AccountConnected"],
  react: (event) =>
    isReviewPlatform(String((event.data as { platform?: unknown }).platform))
      ? Effect.asVoid(addJob("poll_reviews", {}, { jobKey: "poll_reviews-now" }))
      : Effect.void,
};

/** A low rating a site delivered alerts the owner (not one a person typed or imported: they know). */
const alertLowRating: Reaction = {
  name: "alert-low-rating",
  handles: ["ReviewReceived"],
  react: (event) => {
    const d = event.data as { reviewId: string; rating: number; source: string };
    return d.rating <= LOW_RATING && (d.source === "platform" || d.source === "sandbox")
      ? Effect.asVoid(addJob("send_review_alert", { reviewId: d.reviewId }, { jobKey: `review-alert-${d.reviewId}` }))
      : Effect.void;
  },
};

/** Reviews: every review site's reviews in one list, responses with a history, Business Profile locations. */
export const reviewsModule = defineModule({
  name: "reviews",
  events: reviewEvents,
  auditKinds: [{ id: "reviews", label: "Reviews" }],
  layer: Reviews.layer({ yelpResponds: yelpRespondConfigured }),
  api: [moduleApi(ReviewsApi, reviewsHandlers), moduleApi(GoogleBusinessWebhookApi, googleBusinessWebhookHandlers)],
  projections: [reviewsProjection],
  reactions: [readNewAccount, alertLowRating],
  tasks: {
    poll_reviews: (_payload, job) =>
      Effect.map(pollReviews(job.now), (r) => (r.received > 0 ? `Reviews: ${r.received} new review(s) from ${r.accounts} account(s)` : undefined)),
    send_review_alert: (payload) => sendReviewAlert((payload as { reviewId: string }).reviewId),
  },
  ioTasks: ["poll_reviews"],
  cron: ["* * * * * poll_reviews"],
  processes: ["ingestion"],
  errors: [ReviewSiteFailed],
  demo: (seed) => ensureDemoReviews(seed.caller),
  auditSummaries: reviewSummaries,
});
