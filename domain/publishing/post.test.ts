import { describe, expect, it } from "vitest";
import type { RecordedEvent } from "../shared";
import { DeciderSpecification } from "../shared/decider-spec";
import { type PostContent, type PostEvent, postEvents } from "./events";
import {
  approvePost,
  completePublication,
  createPost,
  deletePost,
  editPost,
  postDecider,
  publishPostNow,
  recordAttempt,
  recordDelay,
  recordFailureOnAccount,
  recordPublishedToAccount,
  requestPublish,
  requestChanges,
  reschedule,
  schedulePost,
  setRecurrence,
  submitForApproval,
  unschedulePost,
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
  const published = [drafted, scheduled, requested, publishedOn("a1", "bluesky"), publishedOn("a2", "twitter"), publishedAll];

  it("when created, then it is drafted", () => spec.given([]).when(createPost(draftCommand)).then([drafted]));

  it("when created with a time, then it is drafted and scheduled in the same decision", () =>
    spec
      .given([])
      .when(createPost({ ...draftCommand, scheduledAt: at }))
      .then([drafted, scheduled]));

  it("when created with no platform, then it is refused with the spec's message", () =>
    spec
      .given([])
      .when(createPost({ ...draftCommand, content: { ...content, platforms: [], targets: [] } }))
      .thenFails("InvalidInput", "Select at least one platform"));

  it("when created with text longer than a chosen platform allows, then it is refused naming the strictest", () =>
    spec
      .given([])
      .when(createPost({ ...draftCommand, content: { ...content, content: "a".repeat(281) } }))
      .thenFails("InvalidInput", "Your post is 281 characters; X (Twitter) allows 280."));

  it("when created with a time in the past, then it is refused", () =>
    spec
      .given([])
      .when(createPost({ ...draftCommand, scheduledAt: new Date("2026-02-28T00:00:00Z") }))
      .thenFails("InvalidInput", "The scheduled time is in the past. Choose a later time."));

  it("given a post, when created again, then it is a conflict", () =>
    spec.given([drafted]).when(createPost(draftCommand)).thenFails("Conflict", "This post already exists."));

  it("when created with an X thread post too long for X, then it is refused naming that post", () =>
    spec
      .given([])
      .when(createPost({ ...draftCommand, content: { ...content, options: { twitter: { thread: ["a".repeat(281)] } } } }))
      .thenFails("InvalidInput", "Post 2 of the X thread is 281 characters; X (Twitter) allows 280."));

  it("given a scheduled post, when rescheduled to another time, then PostRescheduled names both times", () => {
    const later = new Date("2026-03-07T14:00:00Z");
    spec
      .given([drafted, scheduled])
      .when(reschedule({ scheduledAt: later, timeZone: "America/New_York", now }))
      .then([{ type: "PostRescheduled", data: { scheduledAt: later.toISOString(), timeZone: "America/New_York", previousScheduledAt: at.toISOString() } }]);
  });

  it("given a scheduled post, when scheduled at the same time, then nothing happens", () =>
    spec
      .given([drafted, scheduled])
      .when(schedulePost({ scheduledAt: at, timeZone: "America/New_York", now }))
      .thenNothingHappens());

  const edited = {
    ...content,
    content: "New text",
    targets: [
      { accountId: "a1", platform: "bluesky" as const },
      { accountId: "a3", platform: "twitter" as const },
    ],
  };

  it("given a scheduled post, when edited, then PostEdited spells out the target changes", () =>
    spec
      .given([drafted, scheduled])
      .when(editPost({ content: edited, now }))
      .then([{ type: "PostEdited", data: { ...edited, addedAccountIds: ["a3"], removedAccountIds: ["a2"] } }]));

  it("given a draft, when edited with the same content, then nothing happens", () =>
    spec.given([drafted]).when(editPost({ content, now })).thenNothingHappens());

  it("given a published post, when edited, then it is a conflict", () =>
    spec
      .given(published)
      .when(editPost({ content: edited, now }))
      .thenFails("Conflict", "A published post cannot be edited."));

  it("given a scheduled post, when deleted, then PostDeleted is recorded", () =>
    spec
      .given([drafted, scheduled])
      .when(deletePost({ now }))
      .then([{ type: "PostDeleted", data: { deletedAt: now.toISOString() } }]));

  it("given a published post, when deleted, then it is a conflict", () =>
    spec.given(published).when(deletePost({ now })).thenFails("Conflict", "A published post cannot be deleted."));

  it("given no post, when deleted, then the post is not found", () =>
    spec.given([]).when(deletePost({ now })).thenFails("NotFound", "This post does not exist, or was deleted."));

  it("given a deleted post, when deleted again, then the post is not found", () =>
    spec
      .given([drafted, { type: "PostDeleted", data: { deletedAt: now.toISOString() } }])
      .when(deletePost({ now }))
      .thenFails("NotFound", "This post does not exist, or was deleted."));

  it("given a scheduled post, when publishing is requested after its time, then the publication starts with its lateness", () =>
    spec
      .given([drafted, scheduled])
      .when(requestPublish({ now: new Date("2026-03-06T14:00:01Z") }))
      .then([requested]));

  it("given a publication in flight, when publishing is requested again, then nothing happens", () =>
    spec.given([drafted, scheduled, requested]).when(requestPublish({ now })).thenNothingHappens());

  it("given a draft, when published now, then the publication starts with no due time and no lateness", () =>
    spec
      .given([drafted])
      .when(requestPublish({ now }))
      .then([{ type: "PostPublishRequested", data: { requestedAt: now.toISOString(), dueAt: null, lateByMs: 0, occurrence: 1, accountIds: ["a1", "a2"] } }]));

  const publishingNow: PostEvent = {
    type: "PostPublishRequested",
    data: { requestedAt: now.toISOString(), dueAt: null, lateByMs: 0, occurrence: 1, accountIds: ["a1", "a2"] },
  };

  it("given a post scheduled for Friday, when published now, then it is moved to now before its publication starts", () =>
    spec
      .given([drafted, scheduled])
      .when(publishPostNow({ now }))
      .then([{ type: "PostMovedToNow", data: { scheduledAt: now.toISOString(), previousScheduledAt: at.toISOString() } }, publishingNow]));

  it("given a post moved to now, when its state is read, then its time is now and its publication is under way", () => {
    const state = [drafted, scheduled, { type: "PostMovedToNow", data: { scheduledAt: now.toISOString(), previousScheduledAt: at.toISOString() } } as PostEvent, publishingNow].reduce(
      postDecider.evolve,
      postDecider.initialState(),
    );
    expect(state.scheduledAt).toBe(now.toISOString());
    expect(state.status).toBe("publishing");
  });

  it("given a draft without a time, when published now, then only its publication starts", () =>
    spec.given([drafted]).when(publishPostNow({ now })).then([publishingNow]));

  it("given a publication in flight, when published now again, then nothing happens (it is not moved either)", () =>
    spec.given([drafted, scheduled, requested]).when(publishPostNow({ now })).thenNothingHappens());

  it("given a published post, when published now, then it is a conflict", () =>
    spec
      .given([drafted, scheduled, requested, publishedOn("a1", "bluesky"), publishedOn("a2", "twitter"), publishedAll])
      .when(publishPostNow({ now }))
      .thenFails("Conflict", "This post is already published."));

  it("given a publication in flight, when an account is attempted, then the first attempt is recorded before the call", () =>
    spec
      .given([drafted, scheduled, requested])
      .when(recordAttempt({ accountId: "a1", now: new Date("2026-03-06T14:00:01Z") }))
      .then([attempted("a1", "bluesky")]));

  it("given a target a platform's limit held back, when it is attempted, then the attempt records the delay and the limit", () =>
    spec
      .given([drafted, scheduled, requested])
      .when(recordAttempt({ accountId: "a2", now: new Date("2026-03-06T14:00:07Z"), delay: { ms: 7_000, reason: "X's limit of 100 posts per 15 minutes for an account" } }))
      .then([
        {
          type: "PostPublishAttempted",
          data: {
            accountId: "a2",
            platform: "twitter",
            attempt: 1,
            attemptedAt: "2026-03-06T14:00:07.000Z",
            delayedByMs: 7_000,
            delayReason: "X's limit of 100 posts per 15 minutes for an account",
          },
        },
      ]));

  it("given a publication in flight, when a limit holds a target back for hours, then the post records until when and why", () =>
    spec
      .given([drafted, scheduled, requested])
      .when(recordDelay({ accountId: "a1", until: new Date("2026-03-06T15:00:00Z"), reason: "Bluesky's limit" }))
      .then([{ type: "PostPublishDelayed", data: { accountId: "a1", platform: "bluesky", until: "2026-03-06T15:00:00.000Z", reason: "Bluesky's limit" } }]));

  it("given an attempt on its way, when a delay is recorded for it, then it is refused: the call may have gone out", () =>
    spec
      .given([drafted, scheduled, requested, attempted("a1", "bluesky")])
      .when(recordDelay({ accountId: "a1", until: new Date("2026-03-06T15:00:00Z"), reason: "Bluesky's limit" }))
      .thenFails("Conflict", "This post is not waiting to be published."));

  it("given an attempt, when the account is attempted again, then the second attempt is recorded", () =>
    spec
      .given([drafted, scheduled, requested, attempted("a1", "bluesky")])
      .when(recordAttempt({ accountId: "a1", now: new Date("2026-03-06T14:00:01Z") }))
      .then([attempted("a1", "bluesky", 2)]));

  it("given an account published to, when it is attempted again, then nothing happens", () =>
    spec
      .given([drafted, scheduled, requested, attempted("a1", "bluesky"), publishedOn("a1", "bluesky")])
      .when(recordAttempt({ accountId: "a1", now }))
      .thenNothingHappens());

  it("given a publication in flight, when an account the post does not target is attempted, then the post target is not found", () =>
    spec
      .given([drafted, scheduled, requested])
      .when(recordAttempt({ accountId: "zz", now }))
      .thenFails("NotFound", "This post target does not exist, or was deleted."));

  it("given a scheduled post not being published, when an account is attempted, then it is a conflict", () =>
    spec
      .given([drafted, scheduled])
      .when(recordAttempt({ accountId: "a1", now }))
      .thenFails("Conflict", "This post is not being published."));

  const publishedToA1 = { accountId: "a1", platformPostId: "x-a1", url: "https://e/a1", publishedAt: new Date("2026-03-06T14:00:02Z") };

  it("given an attempt, when the account is published to, then PostPublishedToAccount is recorded", () =>
    spec
      .given([drafted, scheduled, requested, attempted("a1", "bluesky")])
      .when(recordPublishedToAccount(publishedToA1))
      .then([publishedOn("a1", "bluesky")]));

  it("given an account published to, when it is recorded as published again, then nothing happens", () =>
    spec
      .given([drafted, scheduled, requested, attempted("a1", "bluesky"), publishedOn("a1", "bluesky")])
      .when(recordPublishedToAccount(publishedToA1))
      .thenNothingHappens());

  const partlyPublished = [drafted, scheduled, requested, publishedOn("a1", "bluesky")];

  it("given an account still pending, when the publication is completed, then nothing happens", () =>
    spec
      .given(partlyPublished)
      .when(completePublication({ now: done }))
      .thenNothingHappens());

  it("given an account that failed but may be retried, when the publication is completed, then nothing happens", () =>
    spec
      .given([...partlyPublished, failedOn("a2", "twitter", false)])
      .when(completePublication({ now: done }))
      .thenNothingHappens());

  it("given every account published, when the publication is completed, then PostPublished is recorded", () =>
    spec
      .given([...partlyPublished, publishedOn("a2", "twitter")])
      .when(completePublication({ now: done }))
      .then([publishedAll]));

  const failedForGood = [drafted, scheduled, requested, publishedOn("a1", "bluesky"), failedOn("a2", "twitter", true)];
  const reason = "Publishing failed on X (Twitter) (@doe): Token revoked. Published on Bluesky (doe.bsky.social).";
  const returned = [
    ...failedForGood,
    { type: "PostPublishFailed", data: { reason, failedAccountIds: ["a2"], publishedAccountIds: ["a1"], occurrence: 1 } },
    { type: "PostReturnedToDrafts", data: { reason } },
  ] as ReadonlyArray<PostEvent>;

  it("given an account failed for good, when the publication is completed, then the post returns to drafts with the failed accounts named", () =>
    spec
      .given(failedForGood)
      .when(completePublication({ now: done, accountNames: { a1: "doe.bsky.social", a2: "@doe" } }))
      .then([
        { type: "PostPublishFailed", data: { reason, failedAccountIds: ["a2"], publishedAccountIds: ["a1"], occurrence: 1 } },
        { type: "PostReturnedToDrafts", data: { reason } },
      ]));

  it("given a post returned to drafts, when published again, then only the failed accounts are sent to", () =>
    spec
      .given(returned)
      .when(requestPublish({ now: done }))
      .then([{ type: "PostPublishRequested", data: { requestedAt: done.toISOString(), dueAt: null, lateByMs: 0, occurrence: 1, accountIds: ["a2"] } }]));

  it("given a post returned to drafts, when a failure is recorded, then it is a conflict", () =>
    spec
      .given(returned)
      .when(recordFailureOnAccount({ accountId: "a2", reason: "x", permanent: true, now }))
      .thenFails("Conflict", "This post is not being published."));

  const rule = { frequency: "weekly", weekdays: [5], end: { type: "after", count: 2 } } as const;
  const recurring = [
    drafted,
    scheduled,
    { type: "RecurrenceSet", data: { rule } } as PostEvent,
    requested,
    publishedOn("a1", "bluesky"),
    publishedOn("a2", "twitter"),
  ];
  const next: PostEvent = { type: "OccurrenceScheduled", data: { scheduledAt: "2026-03-13T13:00:00.000Z", occurrence: 2, accountIds: ["a1", "a2"] } };
  const second: PostEvent = {
    type: "PostPublishRequested",
    data: { requestedAt: "2026-03-13T13:00:00.000Z", dueAt: "2026-03-13T13:00:00.000Z", lateByMs: 0, occurrence: 2, accountIds: ["a1", "a2"] },
  };

  it("given a scheduled post, when made recurring, then RecurrenceSet is recorded", () =>
    spec
      .given([drafted, scheduled])
      .when(setRecurrence({ rule, now }))
      .then([{ type: "RecurrenceSet", data: { rule } }]));

  it("given a scheduled post, when made weekly on no day, then it is refused", () =>
    spec
      .given([drafted, scheduled])
      .when(setRecurrence({ rule: { ...rule, weekdays: [] }, now }))
      .thenFails("InvalidInput", "Choose at least one day of the week"));

  it("given a recurring post published everywhere, when the publication is completed, then the next occurrence keeps 09:00 in New York across the DST change", () =>
    spec
      .given(recurring)
      .when(completePublication({ now: done }))
      .then([publishedAll, next]));

  it("given the next occurrence, when its time comes, then its publication starts", () =>
    spec
      .given([...recurring, publishedAll, next])
      .when(requestPublish({ now: new Date("2026-03-13T13:00:00Z") }))
      .then([second]));

  it("given a weekly post due Friday 09:00, when published now on Wednesday, then the next occurrence is the Friday after at 09:00", () => {
    const wednesday = new Date("2026-03-04T15:00:00Z");
    const moved: PostEvent = { type: "PostMovedToNow", data: { scheduledAt: wednesday.toISOString(), previousScheduledAt: at.toISOString() } };
    const early: PostEvent = {
      type: "PostPublishRequested",
      data: { requestedAt: wednesday.toISOString(), dueAt: null, lateByMs: 0, occurrence: 1, accountIds: ["a1", "a2"] },
    };
    const setUp = [drafted, scheduled, { type: "RecurrenceSet", data: { rule } } as PostEvent];
    spec.given(setUp).when(publishPostNow({ now: wednesday })).then([moved, early]);
    const publishedEarly = { type: "PostPublished", data: { publishedAt: "2026-03-04T15:00:02.000Z", occurrence: 1 } } as PostEvent;
    spec
      .given([...setUp, moved, early, publishedOn("a1", "bluesky"), publishedOn("a2", "twitter")])
      .when(completePublication({ now: new Date("2026-03-04T15:00:02Z") }))
      .then([publishedEarly, { type: "OccurrenceScheduled", data: { scheduledAt: at.toISOString(), occurrence: 2, accountIds: ["a1", "a2"] } }]);
  });

  it("given the last occurrence published everywhere, when the publication is completed, then it is published with no third occurrence", () =>
    spec
      .given([...recurring, publishedAll, next, second, publishedOn("a1", "bluesky"), publishedOn("a2", "twitter")])
      .when(completePublication({ now: new Date("2026-03-13T13:00:05Z") }))
      .then([{ type: "PostPublished", data: { publishedAt: "2026-03-13T13:00:05.000Z", occurrence: 2 } }]));
});

describe("a post that needs approval", () => {
  const submitted: PostEvent = { type: "PostSubmittedForApproval", data: { scheduledAt: at.toISOString(), timeZone: "America/New_York" } };
  const approved: PostEvent = { type: "PostApproved", data: { approvedAt: now.toISOString() } };

  it("given a draft, when submitted with a time, then it awaits approval at that time; no publication can start", () => {
    spec.given([drafted]).when(submitForApproval({ scheduledAt: at, timeZone: "America/New_York", now })).then([submitted]);
    spec.given([drafted, submitted]).when(requestPublish({ now: at })).thenFails("Conflict", "This post is awaiting approval by an owner or admin.");
    spec.given([drafted, submitted]).when(submitForApproval({ scheduledAt: at, timeZone: "America/New_York", now })).thenNothingHappens();
    spec
      .given([drafted])
      .when(submitForApproval({ scheduledAt: new Date("2026-02-01T00:00:00Z"), timeZone: "America/New_York", now }))
      .thenFails("InvalidInput", /past/);
  });

  it("given a scheduled post edited by a member, when submitted again, then it goes back to the approvers", () =>
    spec
      .given([drafted, scheduled])
      .when(submitForApproval({ scheduledAt: at, timeZone: "America/New_York", now }))
      .then([submitted]));

  it("given a post awaiting approval, when approved, then it is approved and can be scheduled or published in the same append", () => {
    spec.given([drafted, submitted]).when(approvePost({ now })).then([approved]);
    spec
      .given([drafted, submitted, approved])
      .when(schedulePost({ scheduledAt: at, timeZone: "America/New_York", now }))
      .then([scheduled]);
    spec.given([drafted, scheduled]).when(approvePost({ now })).thenFails("Conflict", "This post is not awaiting approval.");
  });

  it("given a post awaiting approval, when changes are requested, then it is a draft again with the comment; a blank comment is refused", () => {
    spec
      .given([drafted, submitted])
      .when(requestChanges({ comment: "  Use the new logo, please. " }))
      .then([{ type: "PostChangesRequested", data: { comment: "Use the new logo, please." } }]);
    spec.given([drafted, submitted]).when(requestChanges({ comment: " " })).thenFails("InvalidInput", "Say what to change, in up to 1,000 characters.");
    spec.given([drafted]).when(requestChanges({ comment: "No" })).thenFails("Conflict", "This post is not awaiting approval.");
  });

  it("given a post awaiting approval, when its author takes it back, then it is a draft", () =>
    spec
      .given([drafted, submitted])
      .when(unschedulePost({ now }))
      .then([{ type: "PostReturnedToDrafts", data: { reason: "Withdrawn from approval" } }]));
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
      data: {
        accountId: "a1",
        platform: "twitter",
        platformPostId: "x-a1",
        url: null,
        publishedAt: "2026-03-06T14:00:02.000Z",
        warnings: ["The thread stopped after 2 of 3 posts."],
      },
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
    expect(all).toEqual(new Set(Object.keys(postEvents.schemas)));
  });
});
