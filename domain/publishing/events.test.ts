import { describe, expect, it } from "vitest";
import { eventDecoder, eventTypesOf } from "../shared";
import { type PostContent, type PostEvent, postEvents } from "./events";

const decoder = eventDecoder([postEvents]);
const envelope = {
  streamId: "post-p1",
  metadata: { actorId: "u1", workspaceId: "w1", correlationId: "c1", causationId: null },
};

const content: PostContent = {
  content: "Open late on Fridays",
  media: ["7a3c0d1e-8f4b-4c2a-9d6e-1b2c3d4e5f60", "https://example.com/flyer.png"],
  platforms: ["bluesky", "twitter", "google_business"],
  targets: [
    { accountId: "a1", platform: "bluesky" },
    { accountId: "a2", platform: "twitter" },
    { accountId: "a3", platform: "google_business" },
  ],
  postType: "offer",
  businessData: { offerTitle: "Friday special", couponCode: "FRIDAY10", validUntil: "2026-03-31" },
  locationIds: ["locations/123"],
  categoryId: "c1",
  options: {
    bluesky: { language: "en" },
    twitter: { thread: ["And one more thing", "That's all"], replyAudience: "followers" },
    snapchat: { storyDuration: 12 },
  },
};

/** One realistic sample of each post event's data (the compiler asks for every type). */
const samples: { readonly [E in PostEvent as E["type"]]: E["data"] } = {
  PostDrafted: { postId: "p1", workspaceId: "w1", authorId: "u1", ...content, timeZone: "America/New_York" },
  PostScheduled: { scheduledAt: "2026-03-06T14:00:00.000Z", timeZone: "America/New_York" },
  PostRescheduled: { scheduledAt: "2026-03-07T14:00:00.000Z", timeZone: "America/New_York", previousScheduledAt: "2026-03-06T14:00:00.000Z" },
  PostEdited: { ...content, content: "Open late on Fridays and Saturdays", addedAccountIds: ["a3"], removedAccountIds: ["a4"] },
  PostMovedToNow: { scheduledAt: "2026-03-04T15:00:00.000Z", previousScheduledAt: "2026-03-06T14:00:00.000Z" },
  PostPublishRequested: { requestedAt: "2026-03-06T14:00:01.000Z", dueAt: "2026-03-06T14:00:00.000Z", lateByMs: 1000, occurrence: 1, accountIds: ["a1", "a2"] },
  PostPublishAttempted: { accountId: "a1", platform: "bluesky", attempt: 1, attemptedAt: "2026-03-06T14:00:01.000Z" },
  PostPublishedToAccount: {
    accountId: "a2",
    platform: "twitter",
    platformPostId: "x-a2",
    url: "https://e/a2",
    publishedAt: "2026-03-06T14:00:02.000Z",
    warnings: ["The thread stopped after its first post."],
  },
  PostPublishFailedOnAccount: { accountId: "a1", platform: "bluesky", reason: "Token revoked", permanent: true, failedAt: "2026-03-06T14:00:02.000Z" },
  PostPublishDelayed: { accountId: "a1", platform: "tiktok", until: "2026-03-07T09:12:00.000Z", reason: "TikTok's limit of 15 posts a day for a creator" },
  PostPublished: { publishedAt: "2026-03-06T14:00:03.000Z", occurrence: 1 },
  PostPublishFailed: { reason: "Publishing failed on Bluesky: Token revoked.", failedAccountIds: ["a1"], publishedAccountIds: ["a2"], occurrence: 1 },
  PostReturnedToDrafts: { reason: "Publishing failed on Bluesky: Token revoked." },
  PostSubmittedForApproval: { scheduledAt: "2026-04-24T13:00:00.000Z", timeZone: "Europe/Madrid" },
  PostApproved: { approvedAt: "2026-04-23T09:00:00.000Z" },
  PostChangesRequested: { comment: "Use the new logo, please." },
  PostDeleted: { deletedAt: "2026-03-08T09:00:00.000Z" },
  RecurrenceSet: { rule: { frequency: "monthly", ordinal: "last", weekday: 5, end: { type: "after", count: 6 } } },
  RecurrenceCleared: {},
  PostEngagementRecorded: {
    accountId: "a1",
    platform: "bluesky",
    likes: 12,
    shares: 3,
    comments: 2,
    engagement: { bluesky: { likes: 12, shares: 3, comments: 2 }, twitter: { likes: 4, shares: 0, comments: 1 } },
    fetchedAt: "2026-03-06T15:00:00.000Z",
  },
  OccurrenceScheduled: { scheduledAt: "2026-04-24T13:00:00.000Z", occurrence: 2, accountIds: ["a1", "a2"] },
  PostRecycled: {
    categoryId: "c1",
    categoryName: "Tips",
    repeat: 2,
    maxRepeats: 5,
    scheduledAt: "2026-05-01T10:00:00.000Z",
    occurrence: 3,
    accountIds: ["a1", "a2"],
  },
};

describe("the post events, decoded", () => {
  it("the catalogue declares every post event type", () => {
    expect([...eventTypesOf(postEvents)].sort()).toEqual(Object.keys(samples).sort());
  });

  it.each(Object.entries(samples))("given a %s, when read, then every key of its data is kept", (type, data) => {
    expect(decoder.decode(type, 1, data, envelope)).toStrictEqual(data);
  });

  it.each([
    ["daily, never ending", { frequency: "daily", end: { type: "never" } }],
    ["weekly, until a date", { frequency: "weekly", weekdays: [1, 3, 5], end: { type: "on", date: "2026-06-30" } }],
  ])("given a RecurrenceSet %s, when read, then its rule is kept", (_, rule) => {
    expect(decoder.decode("RecurrenceSet", 1, { rule }, envelope)).toStrictEqual({ rule });
  });

  it("given options and business data beyond the named ones (the API takes any), when read, then they are kept", () => {
    const data = {
      ...samples.PostDrafted,
      businessData: { ...content.businessData, offerTerms: "One per visit" },
      options: { ...content.options, linkedin: { visibility: "connections" }, youtube: { visibility: "members", madeForKids: false } },
    };
    expect(decoder.decode("PostDrafted", 1, data, envelope)).toStrictEqual(data);
  });

  it("given a target on an unknown platform, when read, then it fails loudly with the type", () => {
    const data = { ...samples.PostDrafted, targets: [{ accountId: "a1", platform: "myspace" }] };
    expect(() => decoder.decode("PostDrafted", 1, data, envelope)).toThrow(/PostDrafted/);
  });
});
