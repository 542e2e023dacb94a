import { describe, expect, it } from "vitest";
import { SAMPLE_TEXTS } from "../accounts/sandbox-texts";
import { SANDBOX_REVIEW_EVERY_DAYS, SANDBOX_REVIEWS_MAX, sandboxReviews } from "./sandbox";

describe("a sandbox review site's reviews", () => {
  const connectedAt = new Date("2026-11-01T09:00:00Z");
  const account = { id: "5b0f3c1e-0000-4000-8000-000000000042", connectedAt, kind: "food" as const };
  const at = (days: number) => new Date(connectedAt.getTime() + days * 86_400_000);

  it("come three at once, then one every two days, and stop at twelve, the same every time", () => {
    expect(sandboxReviews(account, at(0), null)).toHaveLength(3);
    expect(sandboxReviews(account, at(SANDBOX_REVIEW_EVERY_DAYS - 1), null)).toHaveLength(3);
    expect(sandboxReviews(account, at(SANDBOX_REVIEW_EVERY_DAYS), null)).toHaveLength(4);
    expect(sandboxReviews(account, at(7), null)).toHaveLength(6);
    expect(sandboxReviews(account, at(365), null)).toHaveLength(SANDBOX_REVIEWS_MAX);
    expect(sandboxReviews(account, at(365), null)).toEqual(sandboxReviews(account, at(365), null));
    // None dated after the moment it is read.
    expect(sandboxReviews(account, at(9), null).every((r) => Date.parse(r.reviewedAt) <= at(9).getTime())).toBe(true);
  });

  it("are written for the kind of business, with a complaint among the first three, by different people", () => {
    const reviews = sandboxReviews(account, at(365), null);
    expect(reviews.every((r) => SAMPLE_TEXTS.food.reviews.some((t) => t.content === r.content && t.rating === r.rating))).toBe(true);
    expect(reviews.slice(0, 3).some((r) => r.rating <= 3)).toBe(true);
    expect(new Set(reviews.slice(0, 8).map((r) => r.reviewerName)).size).toBe(8);
    expect(reviews.map((r) => r.content).join(" ")).not.toMatch(/appointment|patient/i);
  });
});
