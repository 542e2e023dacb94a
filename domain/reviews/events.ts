import { Schema } from "effect";
import { defineEvents, type EventOf } from "../shared";
import { RESPONSE_WAYS, REVIEW_SOURCES } from "./rules";

/** Events of a review's stream (`review-{reviewId}`): the review, its response and what people did with it. */
export const reviewEvents = defineEvents({
  ReviewReceived: Schema.Struct({
    reviewId: Schema.String,
    workspaceId: Schema.String,
    accountId: Schema.String,
    platform: Schema.String,
    /** The Business Profile location it is about ("locations/{id}"), or null for a site with one page. */
    locationId: Schema.NullOr(Schema.String),
    /** The site's id of the review (for typed or imported ones, a hash of what identifies them): with the account, the key that keeps it once. */
    externalId: Schema.String,
    reviewerName: Schema.String,
    reviewerAvatar: Schema.NullOr(Schema.String),
    rating: Schema.Number,
    content: Schema.String,
    /** When the reviewer wrote it, by the site's clock. */
    reviewedAt: Schema.String,
    url: Schema.NullOr(Schema.String),
    source: Schema.Literals(REVIEW_SOURCES),
  }),
  /** The reviewer changed their stars or words on the site. */
  ReviewRevised: Schema.Struct({ rating: Schema.Number, content: Schema.String, revisedAt: Schema.String }),
  ReviewResponded: Schema.Struct({ text: Schema.String, way: Schema.Literals(RESPONSE_WAYS), respondedAt: Schema.String }),
  ReviewResponseEdited: Schema.Struct({ text: Schema.String, way: Schema.Literals(RESPONSE_WAYS), editedAt: Schema.String }),
  ReviewResponseDeleted: Schema.Struct({}),
  ReviewFlagged: Schema.Struct({ reason: Schema.String }),
  ReviewUnflagged: Schema.Struct({}),
  ReviewMarkedRead: Schema.Struct({}),
});

export type ReviewEvent = EventOf<typeof reviewEvents.schemas>;
export type ReviewReceived = Extract<ReviewEvent, { type: "ReviewReceived" }>["data"];
export const reviewStreamId = (reviewId: string) => `review-${reviewId}`;
