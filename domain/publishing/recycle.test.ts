import { describe, expect, it } from "vitest";
import { DeciderSpecification } from "../shared/decider-spec";
import type { PostContent, PostEvent } from "./events";
import { completePublication, postDecider, recyclePost, requestPublish } from "./post";
import { postsProjection } from "./projection";

/** Evergreen recycling on the post's stream: a published post of an evergreen category re-queued into a time slot. */

const spec = DeciderSpecification(postDecider);
const content: PostContent = {
  content: "Five tips for a calmer Monday",
  media: [],
  platforms: ["bluesky"],
  targets: [{ accountId: "a1", platform: "bluesky" }],
  postType: "standard",
  businessData: {},
  locationIds: [],
  categoryId: "c1",
  options: {},
};
const publishedAt = new Date("2026-03-06T14:00:03.000Z");
const days = (n: number) => n * 86_400_000;
const afterGap = new Date(publishedAt.getTime() + days(31));
const slot = new Date(afterGap.getTime() + 3 * 3_600_000);

const history: PostEvent[] = [
  { type: "PostDrafted", data: { postId: "p1", workspaceId: "w1", authorId: "u1", ...content, timeZone: "Europe/Paris" } },
  { type: "PostPublishRequested", data: { requestedAt: publishedAt.toISOString(), dueAt: null, lateByMs: 0, occurrence: 1, accountIds: ["a1"] } },
  {
    type: "PostPublishedToAccount",
    data: { accountId: "a1", platform: "bluesky", platformPostId: "at://1", url: null, publishedAt: publishedAt.toISOString() },
  },
  { type: "PostPublished", data: { publishedAt: publishedAt.toISOString(), occurrence: 1 } },
];
const evergreen = { categoryId: "c1", categoryName: "Tips", maxRepeats: 2, minGapDays: 30 };
const recycled = (repeat: number, occurrence: number, at = slot): PostEvent => ({
  type: "PostRecycled",
  data: { categoryId: "c1", categoryName: "Tips", repeat, maxRepeats: 2, scheduledAt: at.toISOString(), occurrence, accountIds: ["a1"] },
});
/** The repeat's publication, as the scheduler records it. */
const publishedAgain = (at: Date, occurrence: number): PostEvent[] => [
  { type: "PostPublishRequested", data: { requestedAt: at.toISOString(), dueAt: at.toISOString(), lateByMs: 0, occurrence, accountIds: ["a1"] } },
  {
    type: "PostPublishedToAccount",
    data: { accountId: "a1", platform: "bluesky", platformPostId: `at://${occurrence}`, url: null, publishedAt: at.toISOString() },
  },
  { type: "PostPublished", data: { publishedAt: at.toISOString(), occurrence } },
];

describe("an evergreen repeat of a post", () => {
  it("given a post published more than the gap ago, when re-queued, then PostRecycled is its first repeat, a new occurrence in the slot", () =>
    spec
      .given(history)
      .when(recyclePost({ ...evergreen, scheduledAt: slot, now: afterGap }))
      .then([recycled(1, 2)]));

  it("given a re-queued post, when its time comes, then it is published again as the new occurrence, on every account", () => {
    spec
      .given([...history, recycled(1, 2)])
      .when(requestPublish({ now: slot }))
      .then([publishedAgain(slot, 2)[0]!]);
    spec
      .given([...history, recycled(1, 2), ...publishedAgain(slot, 2).slice(0, 2)])
      .when(completePublication({ now: slot }))
      .then([publishedAgain(slot, 2)[2]!]);
  });

  it("given a post published less than the gap ago, when re-queued, then it is refused", () =>
    spec
      .given(history)
      .when(recyclePost({ ...evergreen, scheduledAt: slot, now: new Date(publishedAt.getTime() + days(29)) }))
      .thenFails("Conflict", "This post went out less than 30 days ago."));

  it("given a repeat published the gap ago, when re-queued again, then it is the second repeat; after the most, it is refused", () => {
    const secondAt = new Date(slot.getTime() + days(31));
    const secondSlot = new Date(secondAt.getTime() + 3_600_000);
    const twice = [...history, recycled(1, 2), ...publishedAgain(slot, 2)];
    spec
      .given(twice)
      .when(recyclePost({ ...evergreen, scheduledAt: secondSlot, now: secondAt }))
      .then([recycled(2, 3, secondSlot)]);
    const thirdAt = new Date(secondSlot.getTime() + days(31));
    spec
      .given([...twice, recycled(2, 3, secondSlot), ...publishedAgain(secondSlot, 3)])
      .when(recyclePost({ ...evergreen, scheduledAt: new Date(thirdAt.getTime() + 3_600_000), now: thirdAt }))
      .thenFails("Conflict", "This post was already repeated 2 times, the category's most.");
  });

  it("given a post already re-queued (not published yet), when re-queued again, then it is refused: never twice", () =>
    spec
      .given([...history, recycled(1, 2)])
      .when(recyclePost({ ...evergreen, scheduledAt: slot, now: afterGap }))
      .thenFails("Conflict", "Only a published post can be re-queued."));

  it("given a post moved to another category, when re-queued, then it is refused", () =>
    spec
      .given(history)
      .when(recyclePost({ ...evergreen, categoryId: "c2", scheduledAt: slot, now: afterGap }))
      .thenFails("Conflict", "This post is no longer in the evergreen category."));

  it("given a slot that has passed, when re-queued, then it is refused", () =>
    spec
      .given(history)
      .when(recyclePost({ ...evergreen, scheduledAt: afterGap, now: afterGap }))
      .thenFails("InvalidInput", /past/));

  it("is projected as a scheduled post with its repeats counted and every target pending again", () => {
    const changes = postsProjection.project({
      ...recycled(1, 2),
      globalPosition: 9,
      streamId: "post-p1",
      streamVersion: 5,
      metadata: { actorId: null, workspaceId: "w1", correlationId: "r", causationId: null },
      createdAt: afterGap,
    });
    expect(changes[0]).toEqual({
      table: "posts",
      update: { id: "p1" },
      set: { status: "scheduled", scheduled_at: slot, occurrence: 2, evergreen_repeats: 1, updated_at: afterGap, version: 5 },
    });
    expect(changes[1]).toMatchObject({
      table: "post_targets",
      update: { post_id: "p1", account_id: "a1" },
      set: { status: "pending", platform_post_id: null },
    });
  });
});
