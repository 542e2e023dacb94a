import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { RESPONSE_WAYS, REVIEW_SOURCES, ReviewSiteFailed } from "../../domain/reviews";
import { Guard, InItsWorkspace, InvalidRequest, Requires } from "../web/api/guard";
import { Page } from "../web/api/page";
import { InvalidInputProblem, NotFoundProblem, problem, VersionConflictProblem } from "../web/api/problems";
import { zodPayload } from "../web/api/zod-payload";
import {
  enterReviewSchema,
  importReviewsSchema,
  performanceSchema,
  respondSchema,
  reviewChangeSchema,
  reviewFilterSchema,
  tilesFilterSchema,
} from "./schemas";
import { idOf } from "../web/api/item-id";

/** Reading reviews: anyone of a workspace whose plan has review management. Acting on them: those who answer messages. */
const reads = { feature: "review_management" } as const;
const answers = { feature: "review_management", permission: "answer_messages" } as const;

/** The review site refused or could not be reached (502, its reason in the sentence). */
export const ReviewSiteFailedProblem = problem(ReviewSiteFailed, "The review site refused", (body) => new ReviewSiteFailed({ message: body.detail }));

const reviewFields = {
  id: Schema.String,
  workspaceId: Schema.String,
  workspaceName: Schema.optional(Schema.String).annotate({ description: "The workspace's name, in the list across an agency's clients (`workspaces=all`)." }),
  accountId: Schema.String,
  platform: Schema.String,
  siteName: Schema.String,
  locationId: Schema.NullOr(Schema.String),
  location: Schema.String,
  businessName: Schema.String,
  reviewerName: Schema.String,
  reviewerAvatar: Schema.NullOr(Schema.String),
  isVerified: Schema.Boolean,
  rating: Schema.Number,
  content: Schema.String,
  comment: Schema.String.annotate({ description: "The business-listing screen's name of `content`." }),
  reviewText: Schema.String.annotate({ description: "The Google screen's name of `content`." }),
  createdAt: Schema.String,
  reviewDate: Schema.String,
  url: Schema.NullOr(Schema.String),
  source: Schema.Literals(REVIEW_SOURCES),
  hasResponse: Schema.Boolean,
  isResponded: Schema.Boolean,
  responseText: Schema.NullOr(Schema.String),
  responseDate: Schema.NullOr(Schema.String),
  responseWay: Schema.NullOr(Schema.Literals(RESPONSE_WAYS)).annotate({
    description: "How the response reached the site: posted from here, marked as posted by hand, or found there.",
  }),
  status: Schema.Literals(["pending", "responded", "flagged"]),
  replyStatus: Schema.Literals(["unread", "read", "replied"]),
  flagged: Schema.Boolean,
  flagReason: Schema.NullOr(Schema.String),
  read: Schema.Boolean,
  postsThroughApi: Schema.Boolean.annotate({
    description: "The response is posted through the site's API; otherwise a person copies it there and marks the review as responded.",
  }),
};

/** A review as the screens read it (`Review` of ./Reviews, spec engagement §3). */
export const ReviewSchema = Schema.Struct(reviewFields).annotate({ identifier: "Review" });

export const ReviewHistoryEntrySchema = Schema.Struct({
  id: Schema.String,
  at: Schema.String,
  actor: Schema.String.annotate({ description: 'The person who acted, or "SocialDesk" for what the site sent.' }),
  summary: Schema.String,
}).annotate({ identifier: "ReviewHistoryEntry" });

const ReviewWithHistorySchema = Schema.Struct({ ...reviewFields, history: Schema.Array(ReviewHistoryEntrySchema) }).annotate({
  identifier: "ReviewWithHistory",
});

export const ReviewTilesSchema = Schema.Struct({
  total: Schema.Number,
  pending: Schema.Number,
  averageRating: Schema.Number.annotate({ description: "To one decimal." }),
  responseRate: Schema.Number.annotate({ description: "In percent." }),
}).annotate({ identifier: "ReviewTiles" });

export const ImportOutcomeSchema = Schema.Struct({
  imported: Schema.Number,
  duplicates: Schema.Number.annotate({ description: "Rows already kept (the same reviewer, day and text)." }),
  errors: Schema.Array(Schema.Struct({ line: Schema.Number, message: Schema.String })),
}).annotate({ identifier: "ReviewImportOutcome" });

export const BusinessLocationSchema = Schema.Struct({
  id: Schema.String,
  accountId: Schema.String,
  externalId: Schema.String,
  name: Schema.String,
  address: Schema.NullOr(Schema.String),
  isVerified: Schema.Boolean,
  rating: Schema.NullOr(Schema.Number),
  totalReviews: Schema.Number,
  categories: Schema.Array(Schema.String),
  mapsUri: Schema.NullOr(Schema.String),
}).annotate({ identifier: "BusinessLocation" });

const PerformanceDaySchema = Schema.Struct({
  day: Schema.String.annotate({ description: "YYYY-MM-DD" }),
  views: Schema.Number.annotate({ description: "Impressions on Maps, desktop and mobile." }),
  searches: Schema.Number.annotate({ description: "Impressions on Search, desktop and mobile." }),
  calls: Schema.Number,
  directions: Schema.Number,
  websiteClicks: Schema.Number,
}).annotate({ identifier: "PerformanceDay" });

export const PerformanceSchema = Schema.Struct({
  locationId: Schema.String,
  from: Schema.String,
  to: Schema.String,
  days: Schema.Array(PerformanceDaySchema),
  totals: Schema.Struct({
    views: Schema.Number,
    searches: Schema.Number,
    calls: Schema.Number,
    directions: Schema.Number,
    websiteClicks: Schema.Number,
  }),
}).annotate({ identifier: "LocationPerformance" });

const changeErrors = [InvalidInputProblem, NotFoundProblem, VersionConflictProblem];

/**
 * Reviews of every review site in one list, responses with their history, and the Business Profile
 * locations with their performance (spec engagement §3, §7), declared once; served by
 * ./api-handlers.ts, called by the Reviews, business-listing and Google Business Profile screens.
 */
export class ReviewsApi extends HttpApiGroup.make("reviews")
  .add(
    HttpApiEndpoint.get("list", "/api/reviews", {
      query: zodPayload(reviewFilterSchema, "ReviewFilter"),
      success: Page(ReviewSchema, "ReviewPage"),
      error: [InvalidInputProblem, NotFoundProblem],
    })
      .annotate(Requires, reads)
      .annotate(
        OpenApi.Description,
        "The workspace's reviews, newest first, filtered by location, site, status (pending, responded, flagged, unread, read, replied), rating and words; `limit` at a time (50 if left out), `next` the cursor of the page after. With `status=pending`, `workspaces=all` lists the reviews awaiting a response of every workspace of the agency the person may read reviews in (its own and its clients'), each with `workspaceName`; `workspace` one of them.",
      ),
    HttpApiEndpoint.post("enter", "/api/reviews", {
      payload: zodPayload(enterReviewSchema, "NewReview"),
      success: ReviewSchema.pipe(HttpApiSchema.status(201)),
      error: changeErrors,
    })
      .annotate(Requires, answers)
      .annotate(OpenApi.Description, "A review typed by hand, for a connected review site with no API: 201 with it."),
    HttpApiEndpoint.get("summary", "/api/reviews/summary", {
      query: zodPayload(tilesFilterSchema, "ReviewTilesFilter"),
      success: ReviewTilesSchema,
      error: [InvalidInputProblem, NotFoundProblem],
    })
      .annotate(Requires, reads)
      .annotate(OpenApi.Description, "The four tiles: total, pending, averageRating (to one decimal) and responseRate (%)."),
    HttpApiEndpoint.post("import", "/api/reviews/import", {
      payload: zodPayload(importReviewsSchema, "ReviewImport"),
      success: ImportOutcomeSchema,
      error: changeErrors,
    })
      .annotate(Requires, answers)
      .annotate(
        OpenApi.Description,
        "Reviews of a site with no API from a CSV file (header reviewer_name, rating, content, review_date, url): good rows are kept, each bad one says why; a file that cannot be read answers 400.",
      ),
    HttpApiEndpoint.get("get", "/api/reviews/:id", { params: idOf("review"), success: ReviewWithHistorySchema, error: NotFoundProblem })
      .annotate(InItsWorkspace, true)
      .annotate(Requires, reads)
      .annotate(OpenApi.Description, "The review and its history (who received, responded, edited, flagged it, and when)."),
    HttpApiEndpoint.put("change", "/api/reviews/:id", {
      params: idOf("review"),
      payload: zodPayload(reviewChangeSchema, "ReviewChange"),
      success: ReviewSchema,
      error: changeErrors,
    })
      .annotate(InItsWorkspace, true)
      .annotate(Requires, answers)
      .annotate(OpenApi.Description, '`{status: "read"}` marks it read; `{status: "flagged", flagReason}` flags it; `{flagged: false}` unflags it.'),
    HttpApiEndpoint.post("respond", "/api/reviews/:id/respond", {
      params: idOf("review"),
      payload: zodPayload(respondSchema, "ReviewResponse"),
      success: ReviewSchema,
      error: [...changeErrors, ReviewSiteFailedProblem],
    })
      .annotate(InItsWorkspace, true)
      .annotate(Requires, answers)
      .annotate(
        OpenApi.Description,
        "`{responseText}` or `{response}`: posted to the site where it has an API, else recorded as answered by hand; again on a responded review, it changes the response. 502 when the site refused.",
      ),
    HttpApiEndpoint.delete("deleteResponse", "/api/reviews/:id/response", {
      params: idOf("review"),
      success: ReviewSchema,
      error: [...changeErrors, ReviewSiteFailedProblem],
    })
      .annotate(InItsWorkspace, true)
      .annotate(Requires, answers)
      .annotate(OpenApi.Description, "The response removed (on Google too); answers the review."),
    HttpApiEndpoint.get("locations", "/api/business-locations", { success: Schema.Array(BusinessLocationSchema) })
      .annotate(Requires, reads)
      .annotate(OpenApi.Description, "The Business Profile locations."),
    HttpApiEndpoint.get("performance", "/api/business-locations/:id/performance", {
      params: idOf("location"),
      query: zodPayload(performanceSchema, "PerformanceQuery"),
      success: PerformanceSchema,
      error: [InvalidInputProblem, NotFoundProblem, ReviewSiteFailedProblem],
    })
      .annotate(Requires, reads)
      .annotate(
        OpenApi.Description,
        "The location's views, searches, calls, direction requests and website clicks per day over the last `days` (7 to 90; 30 if left out), and their totals, read from Google when asked (502 when it does not answer).",
      ),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Reviews") {}
