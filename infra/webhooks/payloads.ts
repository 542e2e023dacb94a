import { Effect } from "effect";
import type { InboxEvent } from "../../domain/inbox";
import type { PostEvent } from "../../domain/publishing";
import type { ReviewEvent } from "../../domain/reviews";
import type { DomainEvent, RecordedEvent } from "../../domain/shared";
import type { WebhookEventType } from "../../domain/webhooks";
import { postContentsOf, postStatusesOf } from "../publishing/queries";

/** The domain events each webhook event is made of (README: "Webhooks out"). */
export const WEBHOOK_SOURCES: Readonly<Record<string, WebhookEventType>> = {
  PostScheduled: "post.scheduled",
  PostRescheduled: "post.scheduled",
  PostPublished: "post.published",
  PostPublishFailed: "post.failed",
  PostSubmittedForApproval: "post.approval_requested",
  PostApproved: "post.approved",
  InboxMessageReceived: "message.received",
  ReviewReceived: "review.received",
  ReviewResponded: "review.responded",
};

type Of<E extends DomainEvent, T extends string> = RecordedEvent<Extract<E, { type: T }>>;

const idAfter = (prefix: string, streamId: string) => streamId.slice(prefix.length);

/**
 * The `data` of a delivery: the ids a receiver needs to fetch the item through the API, and what
 * happened, as the event recorded it. A post's text and status are read from its read model, in the
 * transaction of the event (what the append left).
 */
export const webhookDataOf = (event: RecordedEvent, workspaceId: string) =>
  Effect.gen(function* () {
    if (event.streamId.startsWith("post-")) {
      const postId = idAfter("post-", event.streamId);
      const [contents, statuses] = yield* Effect.all([postContentsOf([postId]), postStatusesOf(workspaceId, [postId])]);
      const post = { id: postId, status: statuses.get(postId) ?? null, content: contents.get(postId) ?? "" };
      switch (event.type) {
        case "PostScheduled":
        case "PostRescheduled": {
          const e = event as Of<PostEvent, "PostScheduled">;
          return { post, scheduledAt: e.data.scheduledAt, timeZone: e.data.timeZone };
        }
        case "PostPublished": {
          const e = event as Of<PostEvent, "PostPublished">;
          return { post, publishedAt: e.data.publishedAt, occurrence: e.data.occurrence };
        }
        case "PostPublishFailed": {
          const e = event as Of<PostEvent, "PostPublishFailed">;
          return { post, reason: e.data.reason, failedAccountIds: e.data.failedAccountIds, publishedAccountIds: e.data.publishedAccountIds };
        }
        case "PostSubmittedForApproval": {
          const e = event as Of<PostEvent, "PostSubmittedForApproval">;
          return { post, scheduledAt: e.data.scheduledAt, submittedBy: event.metadata.actorId };
        }
        case "PostApproved": {
          const e = event as Of<PostEvent, "PostApproved">;
          return { post, approvedAt: e.data.approvedAt, approvedBy: event.metadata.actorId, reviewer: e.data.reviewer ?? null };
        }
      }
    }
    if (event.type === "InboxMessageReceived") {
      const d = (event as Of<InboxEvent, "InboxMessageReceived">).data;
      return {
        message: {
          id: d.messageId,
          accountId: d.accountId,
          platform: d.platform,
          type: d.type,
          threadId: d.threadId,
          postId: d.postId,
          from: { name: d.fromName, username: d.fromUsername, avatar: d.fromAvatar, verified: d.fromVerified },
          content: d.content,
          sentAt: d.sentAt,
          url: d.url,
          sentiment: d.sentiment,
          priority: d.priority,
        },
      };
    }
    if (event.type === "ReviewReceived") {
      const d = (event as Of<ReviewEvent, "ReviewReceived">).data;
      return {
        review: {
          id: d.reviewId,
          accountId: d.accountId,
          platform: d.platform,
          locationId: d.locationId,
          reviewerName: d.reviewerName,
          rating: d.rating,
          content: d.content,
          reviewedAt: d.reviewedAt,
          url: d.url,
        },
      };
    }
    if (event.type === "ReviewResponded") {
      const d = (event as Of<ReviewEvent, "ReviewResponded">).data;
      return { review: { id: idAfter("review-", event.streamId) }, response: { text: d.text, way: d.way, respondedAt: d.respondedAt } };
    }
    return null;
  });
