/** One readable line per review event: the audit trail's and each review's history. */
export const reviewSummaries: Readonly<Record<string, (d: any) => string>> = {
  ReviewReceived: (d) =>
    `Review from ${d.reviewerName} (${d.rating}★) ${d.source === "entered" ? "entered by hand" : d.source === "imported" ? "imported" : "received"}`,
  ReviewRevised: (d) => `The reviewer changed their review (${d.rating}★)`,
  ReviewResponded: (d) =>
    d.way === "by_hand" ? "Marked a review as responded" : d.way === "found" ? "A response was found on the site" : "Responded to a review",
  ReviewResponseEdited: (d) => (d.way === "found" ? "The response was changed on the site" : "Edited a review response"),
  ReviewResponseDeleted: () => "Deleted a review response",
  ReviewFlagged: (d) => `Flagged a review: ${d.reason}`,
  ReviewUnflagged: () => "Unflagged a review",
  ReviewMarkedRead: () => "Marked a review as read",
};
