import { describe, expect, it } from "vitest";
import type { RecordedEvent } from "../shared";
import { DeciderSpecification } from "../shared/decider-spec";
import type { PostContent, PostEvent } from "./events";
import {
  completePublication,
  createPost,
  deletePost,
  editPost,
  postDecider,
  recordAttempt,
  recordFailureOnAccount,
  recordPublishedToAccount,
  requestPublish,
  reschedule,
  schedulePost,
  setRecurrence,
} from "./post";
import { postsProjection } from "./projection";

const spec = DeciderSpecification(postDecider);
const now = new Date("2026-03-01T12:00:00Z");
const at = new Date("2026-03-06T14:00:00Z"); // Friday 09:00 in New York
const content: PostContent = {
  content: "Open late on Fridays",
  media: [],
  platforms: ["bluesky", "twitter"],
  targets: [
    { accountId: "a1", platform: "bluesky" },
    { accountId: "a2", platform: "twitter" },
  ],
  postType: "standard",
  businessData: {},
  locationIds: [],
  categoryId: null,
  options: { bluesky: { language: "en" } },
};
const drafted: PostEvent = { type: "PostDrafted", data: { postId: "p1", workspaceId: "w1", authorId: "u1", ...content, timeZone: "America/New_York" } };
const scheduled: PostEvent = { type: "PostScheduled", data: { scheduledAt: at.toISOString(), timeZone: "America/New_York" } };
const requested: PostEvent = {
  type: "PostPublishRequested",
  data: { requestedAt: "2026-03-06T14:00:01.000Z", dueAt: at.toISOString(), lateByMs: 1000, occurrence: 1, accountIds: ["a1", "a2"] },
};
const attempted = (accountId: string, platform: "bluesky" | "twitter", attempt = 1): PostEvent => ({
  type: "PostPublishAttempted",
  data: { accountId, platform, attempt, attemptedAt: "2026-03-06T14:00:01.000Z" },
});
const publishedOn = (accountId: string, platform: "bluesky" | "twitter"): PostEvent => ({
  type: "PostPublishedToAccount",
  data: { accountId, platform, platformPostId: `x-${accountId}`, url: `https://e/${accountId}`, publishedAt: "2026-03-06T14:00:02.000Z" },
});
const failedOn = (accountId: string, platform: "bluesky" | "twitter", permanent: boolean): PostEvent => ({
  type: "PostPublishFailedOnAccount",
  data: { accountId, platform, reason: "Token revoked", permanent, failedAt: "2026-03-06T14:00:02.000Z" },
});
const done = new Date("2026-03-06T14:00:03Z");
const publishedAll: PostEvent = { type: "PostPublished", data: { publishedAt: done.toISOString(), occurrence: 1 } };
const draftCommand = { postId: "p1", workspaceId: "w1", authorId: "u1", content, timeZone: "America/New_York", now };

describe("a post", () => {
  it("is drafted, and scheduled in the same decision", () => {
    spec.given([]).when(createPost(draftCommand)).then([drafted]);
    spec.given([]).when(createPost({ ...draftCommand, scheduledAt: at })).then([drafted, scheduled]);
  });

  it("is refused with the spec's messages", () => {
    spec.given([]).when(createPost({ ...draftCommand, content: { ...content, platforms: [], targets: [] } })).thenFails("InvalidInput");
    spec.given([]).when(createPost({ ...draftCommand, content: { ...content, content: "a".repeat(281) } })).thenFails("InvalidInput");
    spec.given([]).when(createPost({ ...draftCommand, scheduledAt: new Date("2026-02-28T00:00:00Z") })).thenFails("InvalidInput");
    spec.given([drafted]).when(createPost(draftCommand)).thenFails("Conflict");
    const thread = (parts: ReadonlyArray<string>) => ({ ...content, options: { twitter: { thread: parts } } });
    spec.given([]).when(createPost({ ...draftCommand, content: thread(["a".repeat(281)]) })).thenFails("InvalidInput");
  });

  it("is rescheduled only when the time changes", () => {
    const later = new Date("2026-03-07T14:00:00Z");
    spec.given([drafted, scheduled]).when(reschedule({ scheduledAt: later, timeZone: "America/New_York", now })).then([
      { type: "PostRescheduled", data: { scheduledAt: later.toISOString(), timeZone: "America/New_York", previousScheduledAt: at.toISOString() } },
    ]);
    spec.given([drafted, scheduled]).when(schedulePost({ scheduledAt: at, timeZone: "America/New_York", now })).thenNothingHappens();
  });

  it("is edited while a draft or scheduled, with the target changes spelled out", () => {
    const edited = { ...content, content: "New text", targets: [{ accountId: "a1", platform: "bluesky" as const }, { accountId: "a3", platform: "twitter" as const }] };
    spec.given([drafted, scheduled]).when(editPost({ content: edited, now })).then([
      { type: "PostEdited", data: { ...edited, addedAccountIds: ["a3"], removedAccountIds: ["a2"] } },
    ]);
    spec.given([drafted]).when(editPost({ content, now })).thenNothingHappens();
    spec.given([drafted, scheduled, requested, publishedOn("a1", "bluesky"), publishedOn("a2", "twitter"), publishedAll]).when(editPost({ content: edited, now })).thenFails("Conflict");
  });

  it("cannot be deleted once published; unknown or deleted is not found", () => {
    spec.given([drafted, scheduled]).when(deletePost({ now })).then([{ type: "PostDeleted", data: { deletedAt: now.toISOString() } }]);
    spec.given([drafted, scheduled, requested, publishedOn("a1", "bluesky"), publishedOn("a2", "twitter"), publishedAll]).when(deletePost({ now })).thenFails("Conflict");
    spec.given([]).when(deletePost({ now })).thenFails("NotFound");
    spec.given([drafted, { type: "PostDeleted", data: { deletedAt: now.toISOString() } }]).when(deletePost({ now })).thenFails("NotFound");
  });

  it("starts a publication once, with its lateness", () => {
    spec.given([drafted, scheduled]).when(requestPublish({ now: new Date("2026-03-06T14:00:01Z") })).then([requested]);
    spec.given([drafted, scheduled, requested]).when(requestPublish({ now })).thenNothingHappens();
    spec.given([drafted]).when(requestPublish({ now })).then([
      { type: "PostPublishRequested", data: { requestedAt: now.toISOString(), dueAt: null, lateByMs: 0, occurrence: 1, accountIds: ["a1", "a2"] } },
    ]);
  });

  it("records each attempt before the call, and never an attempt on a published account", () => {
    spec.given([drafted, scheduled, requested]).when(recordAttempt({ accountId: "a1", now: new Date("2026-03-06T14:00:01Z") })).then([attempted("a1", "bluesky")]);
    spec.given([drafted, scheduled, requested, attempted("a1", "bluesky")]).when(recordAttempt({ accountId: "a1", now: new Date("2026-03-06T14:00:01Z") })).then([attempted("a1", "bluesky", 2)]);
    spec.given([drafted, scheduled, requested, attempted("a1", "bluesky"), publishedOn("a1", "bluesky")]).when(recordAttempt({ accountId: "a1", now })).thenNothingHappens();
    spec.given([drafted, scheduled, requested]).when(recordAttempt({ accountId: "zz", now })).thenFails("NotFound");
    spec.given([drafted, scheduled]).when(recordAttempt({ accountId: "a1", now })).thenFails("Conflict");
  });

  it("records a published account once", () => {
    const command = { accountId: "a1", platformPostId: "x-a1", url: "https://e/a1", publishedAt: new Date("2026-03-06T14:00:02Z") };
    spec.given([drafted, scheduled, requested, attempted("a1", "bluesky")]).when(recordPublishedToAccount(command)).then([publishedOn("a1", "bluesky")]);
    spec.given([drafted, scheduled, requested, attempted("a1", "bluesky"), publishedOn("a1", "bluesky")]).when(recordPublishedToAccount(command)).thenNothingHappens();
  });

  it("is published when every account is", () => {
    const base = [drafted, scheduled, requested, publishedOn("a1", "bluesky")];
    spec.given(base).when(completePublication({ now: done })).thenNothingHappens();
    spec.given([...base, failedOn("a2", "twitter", false)]).when(completePublication({ now: done })).thenNothingHappens();
    spec.given([...base, publishedOn("a2", "twitter")]).when(completePublication({ now: done })).then([publishedAll]);
  });

  it("returns to drafts with the failed accounts named; the published ones stay and are not sent again", () => {
    const events = [drafted, scheduled, requested, publishedOn("a1", "bluesky"), failedOn("a2", "twitter", true)];
    const reason = "Publishing failed on X (Twitter) (@doe): Token revoked. Published on Bluesky (doe.bsky.social).";
    spec.given(events).when(completePublication({ now: done, accountNames: { a1: "doe.bsky.social", a2: "@doe" } })).then([
      { type: "PostPublishFailed", data: { reason, failedAccountIds: ["a2"], publishedAccountIds: ["a1"], occurrence: 1 } },
      { type: "PostReturnedToDrafts", data: { reason } },
    ]);
    const returned = [...events, { type: "PostPublishFailed", data: { reason, failedAccountIds: ["a2"], publishedAccountIds: ["a1"], occurrence: 1 } }, { type: "PostReturnedToDrafts", data: { reason } }] as ReadonlyArray<PostEvent>;
    spec.given(returned).when(requestPublish({ now: done })).then([
      { type: "PostPublishRequested", data: { requestedAt: done.toISOString(), dueAt: null, lateByMs: 0, occurrence: 1, accountIds: ["a2"] } },
    ]);
    spec.given(returned).when(recordFailureOnAccount({ accountId: "a2", reason: "x", permanent: true, now })).thenFails("Conflict");
  });

  it("recurs: the next occurrence keeps 09:00 in New York across the DST change", () => {
    const rule = { frequency: "weekly", weekdays: [5], end: { type: "after", count: 2 } } as const;
    const recurring = [drafted, scheduled, { type: "RecurrenceSet", data: { rule } } as PostEvent, requested, publishedOn("a1", "bluesky"), publishedOn("a2", "twitter")];
    spec.given([drafted, scheduled]).when(setRecurrence({ rule, now })).then([{ type: "RecurrenceSet", data: { rule } }]);
    spec.given([drafted, scheduled]).when(setRecurrence({ rule: { ...rule, weekdays: [] }, now })).thenFails("InvalidInput");
    const next: PostEvent = { type: "OccurrenceScheduled", data: { scheduledAt: "2026-03-13T13:00:00.000Z", occurrence: 2, accountIds: ["a1", "a2"] } };
    spec.given(recurring).when(completePublication({ now: done })).then([publishedAll, next]);
    // The second and last occurrence: published, no third.
    const second: PostEvent = { type: "PostPublishRequested", data: { requestedAt: "2026-03-13T13:00:00.000Z", dueAt: "2026-03-13T13:00:00.000Z", lateByMs: 0, occurrence: 2, accountIds: ["a1", "a2"] } };
    spec.given([...recurring, publishedAll, next]).when(requestPublish({ now: new Date("2026-03-13T13:00:00Z") })).then([second]);
    spec
      .given([...recurring, publishedAll, next, second, publishedOn("a1", "bluesky"), publishedOn("a2", "twitter")])
      .when(completePublication({ now: new Date("2026-03-13T13:00:05Z") }))
      .then([{ type: "PostPublished", data: { publishedAt: "2026-03-13T13:00:05.000Z", occurrence: 2 } }]);
  });
});

describe("the posts projection", () => {
  const recorded = (event: PostEvent): RecordedEvent<PostEvent> => ({
    ...event,
    globalPosition: 1,
    streamId: "post-p1",
    streamVersion: 1,
    metadata: { actorId: "u1", workspaceId: "w1", correlationId: "c", causationId: null },
    createdAt: now,
  });

  it("inserts the post and its targets, and keeps each account's result", () => {
    const changes = postsProjection.project(recorded(drafted));
    expect(changes.map((c) => c.table)).toEqual(["posts", "post_targets", "post_targets"]);
    expect(changes[0]).toMatchObject({ insert: { id: "p1", status: "draft", platforms: ["bluesky", "twitter"], time_zone: "America/New_York" } });
    expect(postsProjection.project(recorded(publishedOn("a1", "bluesky")))).toEqual([
      {
        table: "post_targets",
        update: { post_id: "p1", account_id: "a1" },
        set: { status: "published", platform_post_id: "x-a1", url: "https://e/a1", error: null, warning: null, published_at: new Date("2026-03-06T14:00:02Z") },
      },
      // An event that changes no post column still moves its version.
      { table: "posts", update: { id: "p1" }, set: { version: 1 } },
    ]);
    const cutShort: PostEvent = {
      type: "PostPublishedToAccount",
      data: { accountId: "a1", platform: "twitter", platformPostId: "x-a1", url: null, publishedAt: "2026-03-06T14:00:02.000Z", warnings: ["The thread stopped after 2 of 3 posts."] },
    };
    expect(postsProjection.project(recorded(cutShort))[0]).toMatchObject({ set: { status: "published", warning: "The thread stopped after 2 of 3 posts." } });
    expect(postsProjection.project(recorded({ type: "PostReturnedToDrafts", data: { reason: "r" } }))).toEqual([
      { table: "posts", update: { id: "p1" }, set: { status: "draft", scheduled_at: null, last_error: "r", updated_at: now, version: 1 } },
    ]);
  });

  it("given any event of the post, then the row's version is the stream's", () => {
    const at = (streamVersion: number, event: PostEvent) => postsProjection.project({ ...recorded(event), streamVersion });
    expect(at(1, drafted)[0]).toMatchObject({ insert: { id: "p1", version: 1 } });
    expect(at(7, { type: "PostDeleted", data: { deletedAt: "2026-03-06T14:00:00.000Z" } })).toEqual([
      { table: "posts", update: { id: "p1" }, set: { deleted_at: new Date("2026-03-06T14:00:00.000Z"), updated_at: now, version: 7 } },
    ]);
  });

  it("handles every post event", () => {
    const all = new Set<string>(postsProjection.handles as ReadonlyArray<string>);
    expect(all.size).toBe(16);
  });
});
