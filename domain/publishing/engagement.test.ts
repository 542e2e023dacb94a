import { describe, expect, it } from "vitest";
import { DeciderSpecification } from "../shared/decider-spec";
import type { PostContent, PostEvent } from "./events";
import { postDecider, recordEngagement } from "./post";
import { postsProjection } from "./projection";

const spec = DeciderSpecification(postDecider);
const now = new Date("2026-03-07T12:00:00Z");
const content: PostContent = {
  content: "Open late on Fridays",
  media: [],
  platforms: ["bluesky", "twitter"],
  targets: [
    { accountId: "a1", platform: "bluesky" },
    { accountId: "a2", platform: "twitter" },
    { accountId: "a3", platform: "bluesky" },
  ],
  postType: "standard",
  businessData: {},
  locationIds: [],
  categoryId: null,
  options: {},
};
const drafted: PostEvent = { type: "PostDrafted", data: { postId: "p1", workspaceId: "w1", authorId: "u1", ...content, timeZone: "UTC" } };
const requested: PostEvent = {
  type: "PostPublishRequested",
  data: { requestedAt: "2026-03-06T14:00:01.000Z", dueAt: null, lateByMs: 0, occurrence: 1, accountIds: ["a1", "a2", "a3"] },
};
const publishedOn = (accountId: string, platform: "bluesky" | "twitter"): PostEvent => ({
  type: "PostPublishedToAccount",
  data: { accountId, platform, platformPostId: `x-${accountId}`, url: null, publishedAt: "2026-03-06T14:00:02.000Z" },
});
const published = [drafted, requested, publishedOn("a1", "bluesky"), publishedOn("a2", "twitter"), publishedOn("a3", "bluesky")];
const recorded = (
  accountId: string,
  platform: "bluesky" | "twitter",
  figures: { likes: number; shares: number; comments: number },
  engagement: Record<string, { likes: number; shares: number; comments: number }>,
): PostEvent => ({ type: "PostEngagementRecorded", data: { accountId, platform, ...figures, engagement, fetchedAt: now.toISOString() } });

describe("recording a post's engagement", () => {
  it("records the figures of a published account with the post's whole per-platform map", () => {
    spec
      .given(published)
      .when(recordEngagement({ accountId: "a1", likes: 5, shares: 2, comments: 1, now }))
      .then([recorded("a1", "bluesky", { likes: 5, shares: 2, comments: 1 }, { bluesky: { likes: 5, shares: 2, comments: 1 } })]);
  });

  it("sums the accounts of one platform and keeps the other platforms", () => {
    const first = recorded("a1", "bluesky", { likes: 5, shares: 2, comments: 1 }, { bluesky: { likes: 5, shares: 2, comments: 1 } });
    const second = recorded(
      "a2",
      "twitter",
      { likes: 1, shares: 0, comments: 0 },
      {
        bluesky: { likes: 5, shares: 2, comments: 1 },
        twitter: { likes: 1, shares: 0, comments: 0 },
      },
    );
    spec
      .given([...published, first, second])
      .when(recordEngagement({ accountId: "a3", likes: 3, shares: 1, comments: 4, now }))
      .then([
        recorded(
          "a3",
          "bluesky",
          { likes: 3, shares: 1, comments: 4 },
          {
            bluesky: { likes: 8, shares: 3, comments: 5 },
            twitter: { likes: 1, shares: 0, comments: 0 },
          },
        ),
      ]);
  });

  it("records nothing when the figures did not change", () => {
    const first = recorded("a1", "bluesky", { likes: 5, shares: 2, comments: 1 }, { bluesky: { likes: 5, shares: 2, comments: 1 } });
    spec
      .given([...published, first])
      .when(recordEngagement({ accountId: "a1", likes: 5, shares: 2, comments: 1, now }))
      .thenNothingHappens();
  });

  it("given a draft, when engagement is recorded, then it is a conflict: the post is not published on this account", () =>
    spec
      .given([drafted])
      .when(recordEngagement({ accountId: "a1", likes: 1, shares: 0, comments: 0, now }))
      .thenFails("Conflict", "This post is not published on this account."));

  it("given a published post, when engagement is recorded for an account it does not target, then the post target is not found", () =>
    spec
      .given(published)
      .when(recordEngagement({ accountId: "zz", likes: 1, shares: 0, comments: 0, now }))
      .thenFails("NotFound", "This post target does not exist, or was deleted."));

  it("given no post, when engagement is recorded, then the post is not found", () =>
    spec
      .given([])
      .when(recordEngagement({ accountId: "a1", likes: 1, shares: 0, comments: 0, now }))
      .thenFails("NotFound", "This post does not exist, or was deleted."));

  it("sets posts.engagement from the event alone, without touching updated_at", () => {
    const event = recorded("a1", "bluesky", { likes: 5, shares: 2, comments: 1 }, { bluesky: { likes: 5, shares: 2, comments: 1 } });
    const changes = postsProjection.project({ ...event, streamId: "post-p1", createdAt: now } as never);
    expect(changes).toEqual([expect.objectContaining({ table: "posts", set: { engagement: { bluesky: { likes: 5, shares: 2, comments: 1 } } } })]);
  });
});
