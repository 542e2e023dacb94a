import { describe, expect, it } from "vitest";
import { DeciderSpecification } from "../shared/decider-spec";
import { checkEntry, parseReviewCsv } from "./entry";
import type { ReviewEvent, ReviewReceived } from "./events";
import { deleteResponse, flagReview, markReviewRead, receiveReview, respondToReview, reviewDecider, unflagReview } from "./review";
import { fillPlaceholders, ratingColour, reviewTiles } from "./rules";

const spec = DeciderSpecification(reviewDecider);
const review: ReviewReceived = {
  reviewId: "r1",
  workspaceId: "w1",
  accountId: "a1",
  platform: "google_business",
  locationId: "locations/1",
  externalId: "accounts/1/locations/1/reviews/x",
  reviewerName: "Jane Smith",
  reviewerAvatar: null,
  rating: 2,
  content: "Long wait.",
  reviewedAt: "2026-11-20T10:00:00.000Z",
  url: null,
  source: "platform",
};
const received: ReviewEvent = { type: "ReviewReceived", data: review };
const responded: ReviewEvent = { type: "ReviewResponded", data: { text: "Sorry, Jane.", way: "posted", respondedAt: "2026-11-21T09:00:00.000Z" } };

describe("a review", () => {
  it("given nothing, is received once; delivered again unchanged it records nothing", () => {
    spec.given([]).when(receiveReview(review)).then([received]);
    spec.given([received]).when(receiveReview(review)).thenNothingHappens();
  });

  it("revised by its reviewer, or answered on the site by someone else, records what changed", () => {
    spec
      .given([received])
      .when(
        receiveReview({
          ...review,
          rating: 4,
          content: "Better now.",
          revisedAt: "2026-11-22T00:00:00.000Z",
          response: { text: "Thanks!", at: "2026-11-22T01:00:00.000Z" },
        }),
      )
      .then([
        { type: "ReviewRevised", data: { rating: 4, content: "Better now.", revisedAt: "2026-11-22T00:00:00.000Z" } },
        { type: "ReviewResponded", data: { text: "Thanks!", way: "found", respondedAt: "2026-11-22T01:00:00.000Z" } },
      ]);
    spec
      .given([received, responded])
      .when(receiveReview({ ...review, response: null }))
      .then([{ type: "ReviewResponseDeleted", data: {} }]);
  });

  it("is responded to once, then its response edited; a blank or too long response is refused", () => {
    spec
      .given([received])
      .when(respondToReview({ text: "  Sorry, Jane.  ", way: "posted", at: "2026-11-21T09:00:00.000Z" }))
      .then([responded]);
    spec
      .given([received, responded])
      .when(respondToReview({ text: "We called you.", way: "posted", at: "2026-11-22T09:00:00.000Z" }))
      .then([{ type: "ReviewResponseEdited", data: { text: "We called you.", way: "posted", editedAt: "2026-11-22T09:00:00.000Z" } }]);
    spec
      .given([received, responded])
      .when(respondToReview({ text: "Sorry, Jane.", way: "posted", at: "x" }))
      .thenNothingHappens();
    spec
      .given([received])
      .when(respondToReview({ text: "   ", way: "posted", at: "x" }))
      .thenFails("InvalidInput", "Write a response before posting it.");
    spec
      .given([received])
      .when(respondToReview({ text: "x".repeat(4097), way: "posted", at: "x" }))
      .thenFails("InvalidInput", "A response on this site is at most 4,096 characters.");
    spec
      .given([{ type: "ReviewReceived", data: { ...review, platform: "bbb" } }])
      .when(respondToReview({ text: "x".repeat(1001), way: "by_hand", at: "x" }))
      .thenFails("InvalidInput", /at most 1,000/);
  });

  it("has its response deleted only when it has one", () => {
    spec
      .given([received, responded])
      .when(deleteResponse())
      .then([{ type: "ReviewResponseDeleted", data: {} }]);
    spec.given([received]).when(deleteResponse()).thenFails("InvalidInput", "This review has no response yet.");
  });

  it("is flagged with a reason and unflagged; marked read once; an unknown review is not found", () => {
    spec
      .given([received])
      .when(flagReview(" Fake review "))
      .then([{ type: "ReviewFlagged", data: { reason: "Fake review" } }]);
    spec
      .given([received])
      .when(flagReview(""))
      .thenFails("InvalidInput", /Say why you flag/);
    spec
      .given([received, { type: "ReviewFlagged", data: { reason: "x" } }])
      .when(unflagReview())
      .then([{ type: "ReviewUnflagged", data: {} }]);
    spec.given([received]).when(unflagReview()).thenNothingHappens();
    spec
      .given([received])
      .when(markReviewRead())
      .then([{ type: "ReviewMarkedRead", data: {} }]);
    spec.given([received, responded]).when(markReviewRead()).thenNothingHappens();
    spec.given([]).when(markReviewRead()).thenFails("NotFound", "This review does not exist, or was deleted.");
  });
});

describe("reviews' rules", () => {
  it("colours ratings, computes the tiles and fills a template", () => {
    expect([5, 4, 3, 2, 1].map(ratingColour)).toEqual(["green", "green", "yellow", "red", "red"]);
    expect(reviewTiles({ total: 3, pending: 1, responded: 2, ratingSum: 13 })).toEqual({ total: 3, pending: 1, averageRating: 4.3, responseRate: 67 });
    expect(reviewTiles({ total: 0, pending: 0, responded: 0, ratingSum: 0 })).toEqual({ total: 0, pending: 0, averageRating: 0, responseRate: 0 });
    expect(
      fillPlaceholders("Thank you {reviewerName} for {rating} stars from {businessName}! {other}", {
        reviewerName: "Ann",
        businessName: "Lee Dental",
        rating: 5,
      }),
    ).toBe("Thank you Ann for 5 stars from Lee Dental! {other}");
  });

  it("checks a typed review by field", () => {
    expect(checkEntry({ reviewerName: " Ann  Lee ", rating: 5, content: " Great ", reviewDate: "2026-11-01" }, "2026-11-23")).toEqual({
      ok: true,
      value: { reviewerName: "Ann Lee", rating: 5, content: "Great", reviewedAt: "2026-11-01T12:00:00.000Z", url: null },
    });
    const bad = checkEntry({ reviewerName: "", rating: 6, content: "", reviewDate: "2026-12-01", url: "ftp://x" }, "2026-11-23");
    expect(bad.ok ? [] : Object.keys(bad.fields)).toEqual(["reviewerName", "rating", "reviewDate", "url"]);
    expect(checkEntry({ reviewerName: "A", rating: 3, content: "", reviewDate: "2026-02-30" }, "2026-11-23").ok).toBe(false);
  });

  it("reads a CSV file row by row, each bad row with its line and reasons", () => {
    const rows = parseReviewCsv(
      'Reviewer Name,Rating,Content,Review Date,URL\nAnn Lee,5,"Great, kind staff",2026-11-01,https://www.healthgrades.com/r/1\n,9,x,2026-11-01,\nBo,4,,,\n',
      "2026-11-23",
    );
    expect(rows.map((r) => (r.ok ? [r.line, r.value.reviewerName, r.value.content] : [r.line, ...r.errors]))).toEqual([
      [2, "Ann Lee", "Great, kind staff"],
      [3, "Enter the reviewer's name (at most 100 characters).", "Choose a rating from 1 to 5 stars."],
      [4, "Bo", ""],
    ]);
    expect(() => parseReviewCsv("content\nhello\n", "2026-11-23")).toThrow(/reviewer_name and rating/);
    expect(() => parseReviewCsv('a,"b\n', "2026-11-23")).toThrow(/not a CSV file we can read/);
  });
});
